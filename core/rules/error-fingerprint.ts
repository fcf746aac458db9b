// Which error reports are "the same error" (issue 29): the device stamps each report with this
// fingerprint and the server groups by it, its own errors included, so one rule serves both.
// Pure and synchronous (no crypto.subtle), so the early capture and the service worker can call it.
// Repeats must group although their messages differ in numbers and ids ("class 812 is full" and
// "class 913 is full"), and although the bundle's positions move from build to build: a frame
// counts by its function and its file, without the build's hash, line or column.

export interface FingerprintInput {
  kind: string;
  message: string;
  stack: string | null;
}

// Order matters: long ids first, so a UUID is not taken for a run of numbers.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const HEX_ID = /\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi;
const NUMBER = /\d+(?:\.\d+)?/g;

/** The message with what varies between repeats taken out: ids, numbers and spacing. */
export function normaliseErrorMessage(message: string): string {
  return message.replace(UUID, '<id>').replace(HEX_ID, '<id>').replace(NUMBER, '<n>').replace(/\s+/g, ' ').trim().slice(0, 300);
}

// A frame as V8 writes it ("    at fn (url:1:2)", "    at url:1:2") or Firefox and Safari ("fn@url:1:2").
const V8_FRAME = /^\s*at\s+(?:(.*?)\s+\()?(.+?):(\d+)(?::(\d+))?\)?\s*$/;
const GECKO_FRAME = /^\s*([^@\s]*)@(.+?):(\d+)(?::(\d+))?\s*$/;
// A bundle's content hash in a file name (index-Bx7dK2pQ.js, chunk.3f2b8c1e.js) changes every build.
const FILE_HASH = /[-.][\w]{8}(?=\.(?:m?js|cjs|css)$)/;

export interface StackFrame {
  /** The function's name as written ('' when anonymous). */
  fn: string;
  /** The script's URL or path, as written. */
  file: string;
  line: number;
  /** 0 when the browser gave none. */
  column: number;
}

/** One line of a stack read as a frame, or null when it is no frame (the message, "<anonymous>"). */
export function parseStackFrame(line: string): StackFrame | null {
  const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
  if (!match) return null;
  return { fn: (match[1] ?? '').trim(), file: match[2] ?? '', line: Number(match[3]), column: Number(match[4] ?? 0) };
}

/** The frames of a stack, innermost first. */
export function parseStack(stack: string | null): StackFrame[] {
  return (stack ?? '').split('\n').flatMap((line) => parseStackFrame(line) ?? []);
}

/** The top frame of a stack as "function file" (file name without its folders and build hash), or '' if none reads as a frame. */
export function topFrame(stack: string | null): string {
  const frame = parseStack(stack)[0];
  if (!frame) return '';
  const file = (frame.file.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  return `${frame.fn} ${file.replace(FILE_HASH, '')}`.trim();
}

/** FNV-1a over the text from one seed: 32 bits as 8 hex digits. */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The group an error belongs to: 16 hex digits hashed from its kind, its message with numbers and
 * ids normalised, and its top frame (function and file). Fits the contract's 64 characters.
 */
export function errorFingerprint({ kind, message, stack }: FingerprintInput): string {
  const text = `${kind}\n${normaliseErrorMessage(message)}\n${topFrame(stack)}`;
  // Two seeds give 64 bits: few enough collisions for the groups one studio ever sees.
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x01000193);
}
