// The plates a studio loads its bars with, and the bar the member chose on this device: the plate
// calculator shows them, and a percentage scheme rounds its weights to what they load.
import type { Facility, WeightUnits } from '../../../../core/contract/types';
import { BARS, DEFAULT_PLATES } from '../../../../core/rules/training/plates';
import type { BarLoading } from '../../../../core/rules/training/lift-plan';

const barKey = (units: WeightUnits) => `training.bar.${units}`;

export function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage may be unavailable (private mode): the defaults it is.
    return null;
  }
}

export function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered; the choice still applies now.
  }
}

/** The bar chosen last time on this device, else the first (20 kg / 45 lb). */
export function rememberedBar(units: WeightUnits): number {
  const bar = Number(stored(barKey(units)));
  return BARS[units].includes(bar) ? bar : (BARS[units][0] ?? 20);
}

export function rememberBar(units: WeightUnits, bar: number): void {
  remember(barKey(units), String(bar));
}

/** The studio's own plates in these units, else the standard set; `listed` says which. */
export function studioPlates(facility: Pick<Facility, 'plates_kg' | 'plates_lb'> | undefined, units: WeightUnits): { plates: readonly number[]; listed: boolean } {
  const listed = units === 'pounds' ? facility?.plates_lb : facility?.plates_kg;
  return listed && listed.length > 0 ? { plates: listed, listed: true } : { plates: DEFAULT_PLATES[units], listed: false };
}

/** What a weight in `units` is loaded with here: the member's bar and the studio's plates. */
export function barLoading(facility: Pick<Facility, 'plates_kg' | 'plates_lb'> | undefined, units: WeightUnits): BarLoading & { listed: boolean } {
  return { bar: rememberedBar(units), ...studioPlates(facility, units) };
}
