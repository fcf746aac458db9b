// The early capture (issue 29): part of the first load, so it is small. From the page's start it
// catches uncaught errors, unhandled rejections, CSP violations and what the error boundaries and
// the outbox hand it, and keeps them in memory, repeats counted, until the reporter (its own chunk,
// loaded after the first paint, or at once when something breaks) takes over: it scrubs, stores,
// sends. Nothing is read from the page here but the error, the path and the time.
import type { ClientErrorKind } from '../../../core/contract/client-reports';

/** One error as caught, not yet scrubbed: lives in memory only. */
export interface Caught {
  kind: ClientErrorKind;
  /** The thrown value, or the message and stack when there is none (a CSP violation, a script error). */
  error: unknown;
  /** Said in place of a stack when there is none, e.g. the file and line of a script error. */
  where?: string;
  /** React's component stack of a render error. */
  componentStack?: string;
  /** location.pathname then; turned into its route template before anything is stored. */
  path: string;
  at: number;
  online: boolean;
  count: number;
}

/** Errors kept before the reporter loads; repeats of one (kind and message) add to its count. */
const MAX_BUFFERED = 100;
let buffer: Caught[] = [];
let sink: ((caught: Caught) => void) | null = null;
let wake: (() => void) | null = null;

const keyOf = (caught: Caught) => `${caught.kind}\n${caught.error instanceof Error ? caught.error.message : String(caught.error)}`;

/** Hands one error to the reporter, or keeps it until the reporter loads. */
export function captureError(kind: ClientErrorKind, error: unknown, extra: Pick<Caught, 'where' | 'componentStack'> = {}): void {
  const caught: Caught = {
    kind,
    error,
    ...extra,
    path: typeof location === 'undefined' ? '/' : location.pathname,
    at: Date.now(),
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    count: 1,
  };
  if (sink) {
    sink(caught);
    return;
  }
  const key = keyOf(caught);
  const same = buffer.find((kept) => keyOf(kept) === key);
  if (same) same.count += 1;
  else if (buffer.length < MAX_BUFFERED) buffer.push(caught);
  // Something broke: the reporter loads now rather than after the first paint.
  const start = wake;
  wake = null;
  start?.();
}

type Listenable = Pick<EventTarget, 'addEventListener'>;

/** Listens for what nobody caught; returns the function that stops it. */
export function installEarlyCapture(target: Listenable = window): () => void {
  const onError = (event: Event) => {
    const { error, message, filename, lineno, colno } = event as ErrorEvent;
    // A cross-origin script's error has no error object, only "Script error." and maybe a place.
    captureError('error', error ?? message, filename ? { where: `at ${filename}:${lineno}:${colno}` } : {});
  };
  const onRejection = (event: Event) => captureError('unhandledrejection', (event as PromiseRejectionEvent).reason);
  const onViolation = (event: Event) => {
    const { effectiveDirective, violatedDirective, blockedURI, sourceFile, lineNumber, columnNumber } = event as SecurityPolicyViolationEvent;
    captureError('csp', `Content-Security-Policy: ${effectiveDirective || violatedDirective} blocked ${blockedURI || 'inline'}`, sourceFile ? { where: `at ${sourceFile}:${lineNumber}:${columnNumber}` } : {});
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('securitypolicyviolation', onViolation);
  return () => {
    const from = target as EventTarget;
    from.removeEventListener('error', onError);
    from.removeEventListener('unhandledrejection', onRejection);
    from.removeEventListener('securitypolicyviolation', onViolation);
  };
}

/** What the reporter will load from: called once, at the first error or when `ready` settles. */
export function loadReporterWhen(ready: Promise<unknown>, load: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    wake = null;
    load();
  };
  wake = start;
  if (buffer.length > 0) start();
  void ready.then(start, start);
}

/** The reporter takes over: what was kept first, then every later error as it comes. */
export function handOver(next: (caught: Caught) => void): void {
  sink = next;
  const kept = buffer;
  buffer = [];
  for (const caught of kept) next(caught);
}

/** Tests start from nothing. */
export function resetEarlyCapture(): void {
  buffer = [];
  sink = null;
  wake = null;
}

/** A replay the outbox could not expect (a 5xx, an answer off the contract), named by its op and status. */
export function captureReplayFailure(error: unknown, op: string): void {
  const status = (error as { status?: unknown } | null)?.status;
  const message = `Replay of ${op}${typeof status === 'number' ? ` answered ${status}` : ''}: ${error instanceof Error ? error.message : String(error)}`;
  captureError('replay', error instanceof Error ? Object.assign(new Error(message), { name: error.name, stack: error.stack?.replace(/^.*/, `${error.name}: ${message}`) }) : message);
}
