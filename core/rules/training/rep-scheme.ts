// Rep schemes (see docs/rules.md#training), pure: "5x5" / "5 X 5" (N sets of M reps) or a list "5-3-1", "3,3,3", "5_5".
const SETS_OF_REPS = /^(\d{1,3})\s*[xX]\s*(\d{1,3})$/;
// Spaces are tolerated around separators ("5, 3, 1") but never stand in for one ("5 3 1").
const LIST = /^\d{1,3}(?:\s*[-,_]\s*\d{1,3})*$/;

/**
 * Repetitions per set, in order; [] when the text is not a valid scheme.
 * A single number ("5") is a list of one set.
 */
export function parseRepScheme(text: string): number[] {
  const scheme = text.trim();
  const setsOfReps = SETS_OF_REPS.exec(scheme);
  if (setsOfReps) {
    const sets = Number(setsOfReps[1]);
    const reps = Number(setsOfReps[2]);
    return Array.from({ length: sets }, () => reps);
  }
  if (LIST.test(scheme)) return scheme.split(/[-,_]/).map((part) => Number(part.trim()));
  return [];
}
