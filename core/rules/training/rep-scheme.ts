// Rep schemes (see docs/rules.md#training), pure: "5x5" / "5 X 5" (N sets of M reps) or a list "5-3-1", "3,3,3", "5_5",
// optionally followed by a percentage of the estimated one-rep max ("5x3 @ 80%").
const SETS_OF_REPS = /^(\d{1,3})\s*[xX]\s*(\d{1,3})$/;
// Spaces are tolerated around separators ("5, 3, 1") but never stand in for one ("5 3 1").
const LIST = /^\d{1,3}(?:\s*[-,_]\s*\d{1,3})*$/;
// "@ 80%", "@80 %", "@ 72.5%": whole or one decimal, 1–100 (checked below).
const PERCENT = /\s*@\s*(\d{1,3}(?:[.,]\d)?)\s*%$/;

export const PERCENT_MIN = 1;
export const PERCENT_MAX = 100;

/** The scheme split into the sets part and the percentage; a malformed "@" part gives no percentage and an unparsable scheme. */
function splitPercent(text: string): { sets: string; percent: number | null; bad: boolean } {
  const scheme = text.trim();
  if (!scheme.includes('@')) return { sets: scheme, percent: null, bad: false };
  const match = PERCENT.exec(scheme);
  const percent = match?.[1] ? Number(match[1].replace(',', '.')) : Number.NaN;
  if (!match || !(percent >= PERCENT_MIN && percent <= PERCENT_MAX)) return { sets: scheme, percent: null, bad: true };
  return { sets: scheme.slice(0, match.index).trim(), percent, bad: false };
}

/**
 * Repetitions per set, in order; [] when the text is not a valid scheme.
 * A single number ("5") is a list of one set. A trailing "@ P%" (1–100) is allowed and ignored here.
 */
export function parseRepScheme(text: string): number[] {
  const { sets: scheme, bad } = splitPercent(text);
  if (bad) return [];
  const setsOfReps = SETS_OF_REPS.exec(scheme);
  if (setsOfReps) {
    const sets = Number(setsOfReps[1]);
    const reps = Number(setsOfReps[2]);
    return Array.from({ length: sets }, () => reps);
  }
  if (LIST.test(scheme)) return scheme.split(/[-,_]/).map((part) => Number(part.trim()));
  return [];
}

/** The percentage of the estimated one-rep max a scheme asks for ("5x3 @ 80%" → 80); null without one or when the scheme is invalid. */
export function repSchemePercent(text: string): number | null {
  const { percent } = splitPercent(text);
  return percent !== null && parseRepScheme(text).length > 0 ? percent : null;
}
