// Loading a barbell (see docs/rules.md#training), pure: the plates per side for a weight.
import type { WeightUnits } from '../../contract/types';
import { roundToTenth } from './lift';

/** Plates a studio has when it lists none: the usual competition/gym sets. */
export const DEFAULT_PLATES: Readonly<Record<WeightUnits, readonly number[]>> = {
  kilograms: [25, 20, 15, 10, 5, 2.5, 1.25],
  pounds: [45, 35, 25, 10, 5, 2.5],
};

/** The bars a member may choose from; the first is the default. */
export const BARS: Readonly<Record<WeightUnits, readonly number[]>> = {
  kilograms: [20, 15],
  pounds: [45, 35],
};

export interface PlateLoad {
  /** Heaviest first, one entry per plate on ONE side of the bar. */
  perSide: number[];
  /** What bar and plates weigh together (≤ the target). */
  loaded: number;
  /** Target minus loaded: 0 when it can be made exactly. */
  leftOver: number;
  /** The target is lighter than the bar itself. */
  belowBar: boolean;
}

/** Plate sizes in hundredths, heaviest first, without repeats or nonsense (work in hundredths so 1.25 + 1.25 does not drift). */
function sizesOf(plates: readonly number[]): number[] {
  const sizes = plates.filter((plate) => Number.isFinite(plate) && plate > 0).map((plate) => Math.round(plate * 100));
  return [...new Set(sizes)].filter((size) => size > 0).sort((a, b) => b - a);
}

/** Past this many hundredths a side (5 t) the exact search is not worth it; greedy answers. */
const SEARCH_LIMIT = 500_000;

/**
 * For every per-side sum up to `limit` (hundredths), the fewest plates that make it (heavier
 * plates first on a tie) as the last plate added, or 0 where no plates make it. Any number of each.
 */
function sideSums(sizes: readonly number[], limit: number): Int32Array {
  const count = new Int32Array(limit + 1).fill(-1);
  const last = new Int32Array(limit + 1);
  count[0] = 0;
  for (let sum = 1; sum <= limit; sum += 1) {
    for (const size of sizes) {
      const before = count[sum - size] ?? -1;
      if (before < 0) continue;
      if (count[sum]! < 0 || before + 1 < count[sum]!) {
        count[sum] = before + 1;
        last[sum] = size;
      }
    }
  }
  return last;
}

/** The plates of a per-side sum found by sideSums, heaviest first. */
function platesOf(last: Int32Array, sum: number): number[] {
  const plates: number[] = [];
  for (let left = sum; left > 0; left -= last[left]!) plates.push(last[left]! / 100);
  return plates.sort((a, b) => b - a);
}

/** The largest per-side sum at most `side` (hundredths) the plates make: greedy, else an exact search when greedy falls short. */
function loadBelow(side: number, sizes: readonly number[]): number[] {
  const greedy: number[] = [];
  let left = side;
  for (const size of sizes) {
    while (left >= size) {
      greedy.push(size / 100);
      left -= size;
    }
  }
  if (left === 0 || side > SEARCH_LIMIT) return greedy;
  // Greedy can miss a load the plates make (15 + 10 kg plates: 20 a side is 10 + 10, not 15).
  const last = sideSums(sizes, side);
  let best = side;
  while (best > 0 && last[best] === 0) best -= 1;
  return best === side - left ? greedy : platesOf(last, best);
}

/**
 * Plates per side for `target` on a `bar`, greedy from the heaviest plate (each plate size
 * available in any number), or the fewest plates that make it when greedy cannot. When the weight
 * cannot be made exactly, the closest load below it and what is left over. Plates that are not
 * positive numbers are ignored.
 */
export function platesPerSide(target: number, bar: number, plates: readonly number[]): PlateLoad {
  if (!(target >= bar)) return { perSide: [], loaded: bar, leftOver: roundToTenth(Math.max(0, target) - bar), belowBar: true };
  const perSide = loadBelow(Math.round(((target - bar) / 2) * 100), sizesOf(plates));
  const loaded = roundToTenth(bar + 2 * perSide.reduce((sum, plate) => sum + plate, 0));
  return { perSide, loaded, leftOver: roundToTenth(target - loaded), belowBar: false };
}

/**
 * The weight nearest `target` that the bar with pairs of these plates makes exactly (halfway
 * goes up, as the usual 2.5 kg / 5 lb step does), so a planned set can be loaded in this studio.
 * Null below the bar, without plates, or for a weight that is not a number.
 */
export function nearestLoadable(target: number, bar: number, plates: readonly number[]): number | null {
  const sizes = sizesOf(plates);
  if (!Number.isFinite(target) || !(target >= bar) || sizes.length === 0) return null;
  const side = Math.round(((target - bar) / 2) * 100);
  // The smallest plate on top of the best load below passes the target: the nearest above is no further.
  const smallest = sizes[sizes.length - 1]!;
  if (side + smallest > SEARCH_LIMIT) return null;
  const last = sideSums(sizes, side + smallest);
  let below = side;
  while (below > 0 && last[below] === 0) below -= 1;
  let above = side;
  while (above > 0 && last[above] === 0) above += 1;
  const chosen = side - below < above - side ? below : above;
  return Math.round(bar * 100 + 2 * chosen) / 100;
}
