// Benchmarks with budgets. Prints numbers; a budget overrun is reported, never a unit-test failure.
import { bundleReport } from './bundle';

const reports = [bundleReport()];
let over = 0;
for (const report of reports) {
  for (const line of report) {
    const verdict = line.budget === undefined ? '' : line.value <= line.budget ? '  ok' : '  OVER BUDGET';
    if (line.budget !== undefined && line.value > line.budget) over += 1;
    const budget = line.budget === undefined ? '' : ` (budget ${line.budget.toFixed(1)} ${line.unit})`;
    console.log(`${line.name.padEnd(44)} ${line.value.toFixed(1).padStart(9)} ${line.unit}${budget}${verdict}`);
  }
}
if (over > 0) console.log(`\n${over} measurement(s) over budget`);
