import type { AppContext } from './context';
import { ApiError } from './errors';

// Every JSON body the server accepts is read here. Its nesting is bounded before anything walks
// it: a 40 KB body of 20,000 nested arrays is valid JSON, and recursive code after the parse
// (schema errors, JSON.stringify, String()) would overflow the stack and answer 500.

/** No accepted body nests deeper than a few levels; 32 leaves a wide margin. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) max = depth;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return max;
}

/** JSON.parse with the depth bound: 422 when nested too deeply, 400 when not JSON. */
export function parseJsonText(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError(422, 'validation_failed', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** The request's JSON body, depth-bounded. */
export async function readJsonBody(c: AppContext): Promise<unknown> {
  return parseJsonText(await c.req.text());
}

/** Whether a parsed value nests arrays and objects deeper than `max`; iterative, so any depth is safe. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
