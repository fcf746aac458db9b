// Real server processes for the tests that kill or restart one (server/scale-out.test.ts, the
// checkout's kill test): each runs server/testing/server-process.ts with its options as JSON and
// sends its URL back over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ServerOptions } from '../app';

export interface ServerProcess {
  url: string;
  output: () => string;
  /** SIGKILL: no shutdown of any kind, as a crash. */
  kill(): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const ENTRY = path.join(import.meta.dirname, 'server-process.ts');

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts a server in a process of its own (with `env` added to this one's); resolves once it listens. */
export function spawnServer(options: ServerOptions, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, MEMBER_PWA_TEST_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`server process ended with ${code}: ${output}`)));
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      resolve({
        url: message.url,
        output: () => output,
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
        stop() {
          child.kill('SIGTERM');
          return exited(child);
        },
      });
    });
  });
}
