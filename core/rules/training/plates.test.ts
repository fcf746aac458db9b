import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATES, platesPerSide } from './plates';

describe('platesPerSide (greedy, heaviest first)', () => {
  it('100 kg on a 20 kg bar: 25 + 15 per side', () => {
    expect(platesPerSide(100, 20, DEFAULT_PLATES.kilograms)).toEqual({ perSide: [25, 15], loaded: 100, leftOver: 0, belowBar: false });
  });

  it('uses small plates: 142.5 kg on 20 kg is 25 + 25 + 10 + 1.25 per side', () => {
    expect(platesPerSide(142.5, 20, DEFAULT_PLATES.kilograms).perSide).toEqual([25, 25, 10, 1.25]);
  });

  it('pounds: 225 lb on a 45 lb bar is 45 + 45 per side', () => {
    expect(platesPerSide(225, 45, DEFAULT_PLATES.pounds).perSide).toEqual([45, 45]);
  });

  it('cannot be made exactly: the closest load below and what is left over', () => {
    expect(platesPerSide(101, 20, DEFAULT_PLATES.kilograms)).toEqual({ perSide: [25, 15], loaded: 100, leftOver: 1, belowBar: false });
    // The studio has no small plates.
    expect(platesPerSide(67.5, 20, [20, 10, 5])).toEqual({ perSide: [20], loaded: 60, leftOver: 7.5, belowBar: false });
  });

  it('the bar alone, and weights below the bar', () => {
    expect(platesPerSide(20, 20, DEFAULT_PLATES.kilograms)).toEqual({ perSide: [], loaded: 20, leftOver: 0, belowBar: false });
    expect(platesPerSide(15, 20, DEFAULT_PLATES.kilograms)).toEqual({ perSide: [], loaded: 20, leftOver: -5, belowBar: true });
  });

  it('the studio list may be unsorted, repeated or hold nonsense', () => {
    expect(platesPerSide(60, 15, [5, 20, 20, 0, -5, Number.NaN, 2.5]).perSide).toEqual([20, 2.5]);
  });
});
