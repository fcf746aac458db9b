// Benchmarks with budgets, against the built app (npm run bench builds first). Prints numbers;
// an overrun is reported, never turned into a failing unit test.
import { bundleReport, type BenchLine } from './bundle';
import { coldLoadReport } from './cold-load';
import { outboxReplayReport } from './outbox-replay';
import { classesListReport } from './classes-list';
import { trainingLogReport } from './training-log';
import { serverLoadReport } from './server-load';

function print(lines: BenchLine[]): number {
  let over = 0;
  for (const line of lines) {
    const within = line.budget === undefined || line.value <= line.budget;
    if (!within) over += 1;
    const budget = line.budget === undefined ? '' : ` (budget ${line.budget.toFixed(1)} ${line.unit})${within ? '  ok' : '  OVER BUDGET'}`;
    console.log(`${line.name.padEnd(58)} ${line.value.toFixed(1).padStart(9)} ${line.unit}${budget}`);
  }
  return over;
}

let over = print(await coldLoadReport());
over += print(bundleReport());
over += print(await classesListReport());
over += print(await trainingLogReport());
over += print(await outboxReplayReport());
over += print(await serverLoadReport());
if (over > 0) console.log(`\n${over} measurement(s) over budget`);
process.exit(0);
