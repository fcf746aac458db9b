// Throwaway PostgreSQL for the tests (npm run test:pg): a new cluster in a temporary directory on a
// free loopback port, removed when stopped. As root, PostgreSQL runs as the `postgres` user
// (initdb refuses root). Debian's server binaries: apt-get install -y postgresql.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(base, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  throw new Error(`PostgreSQL's ${name} was not found under ${base}: apt-get install -y postgresql`);
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const asRoot = userInfo().uid === 0;

function run(file: string, args: string[]): Buffer {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, commandArgs, { stdio: 'pipe' });
}

/** Starts a cluster; resolves with its URL (database `postgres`, user `postgres`) and a stop function. */
export interface Service {
  url: string;
  stop(): void;
}

export async function startPostgres(): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-pg-'));
  if (asRoot) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  run(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgBin('pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      try {
        run(pgBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}


/** Starts a throwaway Redis (no persistence) on a free loopback port. apt-get install -y redis-server */
export async function startRedis(): Promise<Service> {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => reject(new Error(`redis-server could not start (apt-get install -y redis-server): ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server ended with ${code}: ${output}`)));
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
