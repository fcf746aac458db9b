import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATES, nearestLoadable, platesPerSide } from './plates';

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

  it('loads exactly what greedy misses: 60 kg on 20 kg with 15 and 10 kg plates is 10 + 10 per side', () => {
    expect(platesPerSide(60, 20, [15, 10])).toEqual({ perSide: [10, 10], loaded: 60, leftOver: 0, belowBar: false });
    // And the closest load below when nothing makes it: 55 kg → 50 kg (15 per side), not 40 kg.
    expect(platesPerSide(55, 20, [15, 10])).toEqual({ perSide: [15], loaded: 50, leftOver: 5, belowBar: false });
  });
});

// Wellington's plates in the seed: no 1.25 kg plates, but 2, 1.5, 1 and 0.5 kg ones.
const WELLINGTON = [25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5];

describe('nearestLoadable: the weight closest to a target that the bar and pairs of the plates make', () => {
  it('97.5 kg cannot be loaded without 1.25 kg plates: 98 kg (halves go up), 97.3 kg → 97 kg', () => {
    expect(nearestLoadable(97.5, 20, WELLINGTON)).toBe(98);
    expect(nearestLoadable(97.3, 20, WELLINGTON)).toBe(97);
    expect(platesPerSide(nearestLoadable(97.3, 20, WELLINGTON)!, 20, WELLINGTON).leftOver).toBe(0);
  });

  it('with the standard plates it is the nearest 2.5 kg / 5 lb, as before', () => {
    expect(nearestLoadable(93.3, 20, DEFAULT_PLATES.kilograms)).toBe(92.5);
    expect(nearestLoadable(83.75, 20, DEFAULT_PLATES.kilograms)).toBe(85);
    expect(nearestLoadable(249, 45, DEFAULT_PLATES.pounds)).toBe(250);
  });

  it('a studio with only big plates rounds to what they make', () => {
    expect(nearestLoadable(93.3, 20, [20, 10, 5])).toBe(90);
    expect(nearestLoadable(96, 20, [20, 10, 5])).toBe(100);
    // 15 and 10 kg plates make 50, 60, 70… on a 20 kg bar, but not 40 or 80 exactly with greedy.
    expect(nearestLoadable(61, 20, [15, 10])).toBe(60);
  });

  it('the bar on its own, and nothing to say below the bar or without plates', () => {
    expect(nearestLoadable(20.4, 20, WELLINGTON)).toBe(20);
    expect(nearestLoadable(15, 20, WELLINGTON)).toBeNull();
    expect(nearestLoadable(100, 20, [])).toBeNull();
    expect(nearestLoadable(Number.NaN, 20, WELLINGTON)).toBeNull();
  });
});
