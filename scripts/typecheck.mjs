// npm run typecheck: the four TypeScript projects (app, node tooling and tests, service worker,
// server), two at a time (one per core: each tsc is single-threaded). Incremental: the build info
// is kept in node_modules/.cache/tsc, so a second run checks only what changed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './build.mjs';

const PROJECTS = ['tsconfig.json', 'tsconfig.node.json', 'sw/tsconfig.json', 'server/tsconfig.json'];
const TSC = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  const info = path.join(root, 'node_modules/.cache/tsc', `${project.replaceAll('/', '_')}.tsbuildinfo`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
let failed = false;
for (const { project, ok, output } of results) {
  if (!ok) {
    failed = true;
    console.error(`tsc -p ${project}:\n${output}`);
  }
}
console.log(failed ? 'Type check failed.' : `Type check passed (${PROJECTS.length} projects).`);
process.exit(failed ? 1 : 0);
