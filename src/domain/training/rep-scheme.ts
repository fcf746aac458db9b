// SPEC §5 rep schemes, pure: "5x5" / "5 X 5" (N sets of M reps) or a list "5-3-1", "3,3,3", "5_5".
/** Repetitions per set, in order; [] when the text is not a valid scheme. */
export function parseRepScheme(text: string): number[] {
  void text;
  throw new Error('not implemented');
}
