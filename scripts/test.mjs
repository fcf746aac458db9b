// npm test: every stage of the suite, stopping after the first wave with a failure, then a table of
// each stage's wall time and how many tests it ran (CI prints the same table). Stages in one wave
// run side by side: lint and typecheck are one process each, and the two Vitest runs leave a
// third of both cores idle (servers starting, PostgreSQL answering); the journeys fill both cores
// alone. The first stage of a wave prints as it runs, the others once the wave is over.
//   npm test                 lint, typecheck, unit (SQLite), PostgreSQL, e2e, e2e scale-out
//   npm test -- e2e pg       only the stages named
//   npm run test:quick       lint and typecheck (both cached) and Vitest on what changed since HEAD
import { spawn } from 'node:child_process';
import { root } from './build.mjs';

// Colour codes the runners print around their counts.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const passedCount = (pattern) => (output) => {
  const match = pattern.exec(output.replace(COLOURS, ''));
  return match ? Number(match[1]) : null;
};
const vitestTests = passedCount(/Tests\s+(?:\d+ failed \| )?(\d+) passed/);
const playwrightTests = passedCount(/^\s*(\d+) passed/m);

const STAGES = {
  lint: { what: 'ESLint (import boundaries) and knip', command: ['npm', 'run', 'lint'] },
  typecheck: { what: 'tsc: app, tooling, service worker, server', command: ['npm', 'run', 'typecheck'] },
  unit: { what: 'Vitest: rules, data, server, components on SQLite', command: ['npx', 'vitest', 'run'], count: vitestTests },
  pg: { what: 'Vitest: server and data on PostgreSQL + Redis', command: ['npm', 'run', 'test:pg'], count: vitestTests },
  e2e: { what: 'Chromium journeys and the layout sweep', command: ['npm', 'run', 'test:e2e'], count: playwrightTests },
  scale: { what: 'Chromium journeys, 2 processes, PostgreSQL + Redis', command: ['npm', 'run', 'test:e2e:scale'], count: playwrightTests },
};

const QUICK = {
  lint: { what: 'ESLint (cached)', command: ['npx', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'] },
  typecheck: STAGES.typecheck,
  unit: { what: 'Vitest on files changed since HEAD', command: ['npx', 'vitest', 'run', '--changed', 'HEAD', '--passWithNoTests'], count: vitestTests },
};

/** Runs a command with its output kept for counting, and shown as it comes when `live`. */
function run(command, live) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const keep = (stream) => (chunk) => {
      output += chunk;
      if (live) stream.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

// Whole seconds first, so 6:59.6 reads 7:00, not 6:60.
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

function table(rows, total) {
  const lines = [
    '',
    'stage       wall    tests   what',
    ...rows.map((r) => `${r.name.padEnd(10)} ${minutes(r.ms).padStart(6)}  ${String(r.tests ?? '—').padStart(6)}   ${r.what}${r.ok ? '' : '   FAILED'}`),
    `${'total'.padEnd(10)} ${minutes(total).padStart(6)}  ${String(rows.reduce((n, r) => n + (r.tests ?? 0), 0)).padStart(6)}`,
  ];
  console.log(lines.join('\n'));
}

const quick = process.argv.includes('--quick');
const stages = quick ? QUICK : STAGES;
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = chosen.filter((name) => !(name in stages));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; stages: ${Object.keys(stages).join(', ')}`);
  process.exit(2);
}
// Stages that run side by side; each wave starts when the one before passed.
const WAVES = quick ? [['lint', 'typecheck'], ['unit']] : [['lint', 'typecheck'], ['unit', 'pg'], ['e2e'], ['scale']];
const started = Date.now();
const rows = [];
for (const wave of WAVES) {
  const names = wave.filter((name) => chosen.length === 0 || chosen.includes(name));
  if (names.length === 0) continue;
  const results = await Promise.all(
    names.map(async (name, index) => {
      const stage = stages[name];
      if (index === 0) console.log(`\n▶ ${name}: ${stage.what}`);
      const at = Date.now();
      const { ok, output } = await run(stage.command, index === 0);
      return { name, stage, output, row: { name, what: stage.what, ms: Date.now() - at, tests: stage.count?.(output) ?? null, ok } };
    }),
  );
  for (const [index, { name, stage, output, row }] of results.entries()) {
    if (index > 0) {
      console.log(`\n▶ ${name}: ${stage.what} (ran beside ${names[0]})`);
      process.stdout.write(output);
    }
    rows.push(row);
  }
  if (!results.every((r) => r.row.ok)) break;
}
table(rows, Date.now() - started);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
