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

/**
 * Plates per side for `target` on a `bar`, greedy from the heaviest plate (each plate size
 * available in any number). When the weight cannot be made exactly, the closest load below it and
 * what is left over. Plates that are not positive numbers are ignored.
 */
export function platesPerSide(target: number, bar: number, plates: readonly number[]): PlateLoad {
  if (!(target >= bar)) return { perSide: [], loaded: bar, leftOver: roundToTenth(Math.max(0, target) - bar), belowBar: true };
  const sizes = [...new Set(plates.filter((plate) => Number.isFinite(plate) && plate > 0))].sort((a, b) => b - a);
  // Work in hundredths so 1.25 + 1.25 does not drift.
  let side = Math.round(((target - bar) / 2) * 100);
  const perSide: number[] = [];
  for (const plate of sizes) {
    const size = Math.round(plate * 100);
    while (side >= size) {
      perSide.push(plate);
      side -= size;
    }
  }
  const loaded = roundToTenth(bar + 2 * perSide.reduce((sum, plate) => sum + plate, 0));
  return { perSide, loaded, leftOver: roundToTenth(target - loaded), belowBar: false };
}
