// What `npm run admin -- errors | errors <fingerprint> | vitals` print (server/features/admin/cli.ts),
// from the answers of GET /admin/errors, /admin/errors/{fingerprint} and /admin/vitals. Text from
// devices is printed as JSON strings: shown, never interpreted by the terminal.
import { frameText, type ShownFrame } from './symbolicate';
import type { VitalSummary } from './vitals';

interface Group {
  fingerprint: string;
  kind: string;
  message: string;
  count: number;
  first_seen: string;
  last_seen: string;
  release: string;
  releases: string[];
  browsers: string[];
  routes: string[];
  kinds: string[];
}

const MESSAGE_WIDTH = 60;

function quoted(text: string, width: number): string {
  const shown = JSON.stringify(text.length > width ? `${text.slice(0, width - 1)}…` : text);
  return shown;
}

const row = (cells: string[], widths: number[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd();

/**
 * One line per group, newest first, under a header:
 *   FINGERPRINT       COUNT  LAST SEEN                 KIND                MESSAGE  TOP FRAME
 *   0123456789abcdef      3  2026-05-01T10:00:00.000Z  render              "TypeError: …"  at boom (src/x.tsx:3:9)
 */
export function describeErrors(body: Record<string, unknown>): string {
  const groups = (body.groups ?? []) as (Group & { top_frame: ShownFrame | null })[];
  if (groups.length === 0) return 'No error reports.';
  const widths = [16, 5, 24, 18, MESSAGE_WIDTH + 2];
  const lines = [row(['FINGERPRINT', 'COUNT', 'LAST SEEN', 'KIND', 'MESSAGE'.padEnd(widths[4] ?? 0), 'TOP FRAME'], widths)];
  for (const g of groups) {
    lines.push(row([g.fingerprint, String(g.count).padStart(5), g.last_seen, g.kind, quoted(g.message, MESSAGE_WIDTH).padEnd(widths[4] ?? 0), g.top_frame ? `at ${frameText(g.top_frame)}` : '(no stack)'], widths));
  }
  return lines.join('\n');
}

/** One group: its facts, then its stack one frame a line ("    at fn (file:line:column)"). */
export function describeErrorGroup(body: Record<string, unknown>): string {
  const running = body.release as string | null;
  const g = body.group as Group & { stack: ShownFrame[]; raw_stack: string | null };
  const mapped = g.stack.some((f) => f.symbolicated);
  const how = mapped ? 'mapped to the sources with the running build’s maps' : running === g.release ? 'as sent (no map matched)' : `as sent: not the running build's release (${running ?? 'no build'})`;
  return [
    `Error group ${g.fingerprint} (${g.kind}): ${g.count} time(s)`,
    `Message:    ${JSON.stringify(g.message)}`,
    `First seen: ${g.first_seen}`,
    `Last seen:  ${g.last_seen}`,
    `Kinds:      ${g.kinds.join(', ')}`,
    `Releases:   ${g.releases.join(', ')}`,
    `Browsers:   ${g.browsers.map((b) => JSON.stringify(b)).join(', ')}`,
    `Routes:     ${g.routes.map((r) => JSON.stringify(r)).join(', ')}`,
    `Stack of the latest report (release ${g.release}, ${how}):`,
    ...(g.stack.length > 0 ? g.stack.map((f) => `    at ${frameText(f)}`) : ['    (no frames)']),
  ].join('\n');
}

const VITALS = ['LCP', 'INP', 'CLS'] as const;

function vitalCell(v: VitalSummary | undefined): string {
  if (!v) return '–';
  return v.name === 'CLS' ? `${v.p75.toFixed(3)} (${v.samples})` : `${Math.round(v.p75)} ms (${v.samples})`;
}

/**
 * One line per route and release:
 *   ROUTE          RELEASE          LCP p75 (n)    INP p75 (n)    CLS p75 (n)
 *   /classes/:id   7.5.2+a1b2c3d    2400 ms (12)   180 ms (10)    0.050 (12)
 */
export function describeVitals(body: Record<string, unknown>): string {
  const vitals = (body.vitals ?? []) as VitalSummary[];
  if (vitals.length === 0) return 'No vitals.';
  const keys = [...new Set(vitals.map((v) => JSON.stringify([v.route, v.release])))].map((k) => JSON.parse(k) as [string, string]);
  const widths = [Math.max(5, ...keys.map(([r]) => r.length)), Math.max(7, ...keys.map(([, r]) => r.length)), 14, 14];
  const lines = [row(['ROUTE', 'RELEASE', 'LCP p75 (n)', 'INP p75 (n)', 'CLS p75 (n)'], widths)];
  for (const [route, release] of keys) {
    const of = (name: string) => vitals.find((v) => v.route === route && v.release === release && v.name === name);
    lines.push(row([route, release, ...VITALS.map((name) => vitalCell(of(name)))], widths));
  }
  return lines.join('\n');
}
