import { describe, expect, it } from 'vitest';
import { parseRepScheme, repSchemePercent } from './index';

describe('parseRepScheme: N x M', () => {
  it.each([
    ['5x5', [5, 5, 5, 5, 5]],
    ['5X5', [5, 5, 5, 5, 5]],
    ['5 x 5', [5, 5, 5, 5, 5]],
    ['  3x10  ', [10, 10, 10]],
    ['1x1', [1]],
    ['2x100', [100, 100]],
    ['0x5', []],
  ])('%j → %j', (text, sets) => {
    expect(parseRepScheme(text)).toEqual(sets);
  });
});

describe('parseRepScheme: lists separated by comma, hyphen or underscore', () => {
  it.each([
    ['5-3-1', [5, 3, 1]],
    ['3,3,3', [3, 3, 3]],
    ['5_5_5', [5, 5, 5]],
    ['5-3,1', [5, 3, 1]],
    ['10-8_6,4', [10, 8, 6, 4]],
    ['5, 3, 1', [5, 3, 1]],
    ['100-200-300', [100, 200, 300]],
  ])('%j → %j', (text, sets) => {
    expect(parseRepScheme(text)).toEqual(sets);
  });

  it('a single number is a list of one set', () => {
    expect(parseRepScheme('5')).toEqual([5]);
  });
});

describe('parseRepScheme: anything else gives no sets', () => {
  it.each([
    '', '   ', '5x', 'x5', '1234x5', '5x1234', '5x5x5', '5 3 1', 'abc', '5,,3', '5-3-', '-5-3', ',5',
    '1234', '5-1234', '5x-5', '5*5', '5.5', '-5', '5 x 5 x 5', '5x5,3', '5;3',
  ])('%j → []', (text) => {
    expect(parseRepScheme(text)).toEqual([]);
  });
});

describe('rep schemes with a percentage of the estimated one-rep max', () => {
  it.each([
    ['5x3@80%', [3, 3, 3, 3, 3], 80],
    ['5x3 @ 80 %', [3, 3, 3, 3, 3], 80],
    ['5-3-1 @ 72.5%', [5, 3, 1], 72.5],
    ['3x2 @ 87,5%', [2, 2, 2], 87.5],
    ['5x5', [5, 5, 5, 5, 5], null],
  ])('%j → %j at %j', (text, sets, percent) => {
    expect(parseRepScheme(text)).toEqual(sets);
    expect(repSchemePercent(text)).toBe(percent);
  });

  it.each(['5x3@', '5x3@80', '5x3 @ 0%', '5x3 @ 101%', '@80%', '5x3 @ 80% @ 70%', '5 3 @ 80%'])('%j is not a scheme', (text) => {
    expect(parseRepScheme(text)).toEqual([]);
    expect(repSchemePercent(text)).toBeNull();
  });
});
