// The browser an error report names (issue 29): family and major version only, so staff can tell
// "only Safari 17" from "everywhere", and the report says nothing finer about the member's device.

// Checked in order: Edge, Samsung Internet and Opera say Chrome too; Chrome says Safari.
const FAMILIES: readonly [family: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT)\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//],
];

/** "Chrome 126", "Safari 17", … or "Other". */
export function browserOf(userAgent: string): string {
  for (const [family, pattern] of FAMILIES) {
    const major = pattern.exec(userAgent)?.[1];
    if (major) return `${family} ${major}`;
  }
  return 'Other';
}
