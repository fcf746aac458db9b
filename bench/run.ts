// Benchmarks against the built app (npm run bench builds first), in Debian's Chromium where a
// browser is what counts. Each line prints its value (a median over the runs, with min and max),
// the reference measured in the same run and the ratio, and its budget. Byte budgets,
// Lighthouse scores and issue 30's ratios (the server's, bench/server-load.ts; the outbox replay's
// against raw sends; the live rows' against the floor) fail the run when missed; other timings
// only print, as this machine is shared and noisy: a ratio to a reference timed in the same run
// holds where a time does not.
import { bundleReport, type BenchLine } from './bundle';
import { coldLoadReport } from './cold-load';
import { outboxReplayReport } from './outbox-replay';
import { classesListReport } from './classes-list';
import { trainingLogReport } from './training-log';
import { serverLoadReport } from './server-load';
import { scaleOutReport } from './scale-out';
import { repeatVisitReport } from './repeat-visit';
import { lighthouseReport } from './lighthouse';
import { startReport } from './start';
import { firstVisitReport } from './first-visit';

const fixed = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1));

/** Whether the line is within its budget (a floor for scores). */
function within(line: BenchLine): boolean {
  if (line.budget === undefined) return true;
  return line.higherIsBetter ? line.value >= line.budget : line.value <= line.budget;
}

function print(lines: BenchLine[]): number {
  let failed = 0;
  for (const line of lines) {
    const ok = within(line);
    if (!ok && line.enforced) failed += 1;
    const spread = line.min !== undefined && line.max !== undefined ? ` [${fixed(line.min)}–${fixed(line.max)}${line.runs ? `, ${line.runs} runs` : ''}]` : '';
    const reference = line.reference ? `  vs ${line.reference.name} ${fixed(line.reference.value)} ${line.unit} = ${(line.value / line.reference.value).toFixed(2)}x` : '';
    const budget = line.budget === undefined ? '' : `  budget ${line.higherIsBetter ? '≥' : '≤'} ${fixed(line.budget)}${ok ? ' ok' : line.enforced ? ' FAILED' : ' over'}`;
    console.log(`${line.name}: ${fixed(line.value)} ${line.unit}${spread}${reference}${budget}`);
  }
  return failed;
}

const reports: [string, () => Promise<BenchLine[]> | BenchLine[]][] = [
  ['repeat visit', repeatVisitReport],
  ['cold load', coldLoadReport],
  ['first visit', firstVisitReport],
  ['lighthouse', lighthouseReport],
  ['bundle', bundleReport],
  ['classes list', classesListReport],
  ['training log', trainingLogReport],
  ['outbox replay', outboxReplayReport],
  ['server', serverLoadReport],
  ['scale-out', () => scaleOutReport()],
  ['npm start', startReport],
];

let failed = 0;
for (const [name, report] of reports) {
  console.log(`\n# ${name}`);
  failed += print(await report());
}
if (failed > 0) {
  console.log(`\n${failed} budget(s) failed`);
  process.exit(1);
}
process.exit(0);
