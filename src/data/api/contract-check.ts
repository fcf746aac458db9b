// The page checks the answers it gets against the contract on a thread of its own. zod builds a
// schema the first time it checks with it, and compiling and first running zod's own code is most
// of that (decisions.md#contract-worker): in a worker, none of it is a task on the page's main
// thread, where a tap would wait behind it. This file is shared by both ends; the worker's script
// is ./contract-worker.ts, and it imports no zod at run time (the schema does the checking).
import type { ZodMiniType } from 'zod/mini';
import type { ContractSchemas } from './config';

export interface ContractIssue {
  path: string;
  message: string;
}

/** An answer's text, to check against a schema named as core/contract exports it. */
export interface CheckRequest {
  id: number;
  name: keyof ContractSchemas;
  text: string;
}

export interface CheckAnswer {
  id: number;
  issues: ContractIssue[];
}

/** What a schema finds wrong with a value; [] when it matches. */
export function contractIssues(schema: ZodMiniType, data: unknown): ContractIssue[] {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The worker's answer to one request: the text parsed as the page parsed it ('' is no body). */
export function answerCheck(schemas: Partial<ContractSchemas>, { id, name, text }: CheckRequest): CheckAnswer {
  const schema = schemas[name] as ZodMiniType | undefined;
  if (!schema) return { id, issues: [{ path: '', message: `core/contract has no schema ${name}` }] };
  return { id, issues: contractIssues(schema, text === '' ? undefined : JSON.parse(text)) };
}

/** Where the page's checks are made (ApiConfig.contractCheck). */
export interface ContractCheck {
  /** Starts the worker, so its contract is built while the first answer is on its way. */
  warm(): void;
  /** The issues found; rejects when there is no worker to ask (the caller then checks itself). */
  check(name: keyof ContractSchemas, text: string): Promise<readonly ContractIssue[]>;
}

/** The page's end of the worker: a Worker (a MessagePort in tests). */
export interface CheckerPort {
  postMessage(message: CheckRequest): void;
  onmessage: ((event: MessageEvent<CheckAnswer>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
  terminate?(): void;
}

/**
 * Checks in the worker `start` makes, made at the first warm() or check(). A worker that cannot
 * start or stops (its script not fetched offline, an error inside it) refuses every check after,
 * the waiting ones too, so each is checked on the page's thread instead and none is lost.
 */
export function workerContractCheck(start: () => CheckerPort): ContractCheck {
  let port: CheckerPort | undefined;
  let stopped = false;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (issues: ContractIssue[]) => void; reject: (error: Error) => void }>();
  const stop = () => {
    stopped = true;
    // An error inside a worker does not end it: ended here, its thread is not left idle for good.
    port?.terminate?.();
    port = undefined;
    for (const { reject } of waiting.values()) reject(new Error('The contract worker stopped'));
    waiting.clear();
  };
  const connect = (): CheckerPort => {
    if (port) return port;
    if (stopped) throw new Error('The contract worker stopped');
    try {
      port = start();
    } catch (error) {
      stop();
      throw error;
    }
    port.onmessage = ({ data }) => {
      waiting.get(data.id)?.resolve(data.issues);
      waiting.delete(data.id);
    };
    port.onerror = stop;
    return port;
  };
  return {
    warm: () => {
      try {
        connect();
      } catch {
        // Stopped: each check is made on the page's thread.
      }
    },
    check: (name, text) =>
      new Promise((resolve, reject) => {
        const to = connect();
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        to.postMessage({ id, name, text });
      }),
  };
}
