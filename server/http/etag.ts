import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';

// List answers carry a weak ETag over their body, and If-None-Match answers 304 with no body: the
// app's revalidations (the browser's HTTP cache does them by itself) then cost a few bytes
// instead of the whole list. The answer is still built; what is saved is the transfer and the
// client's parsing and writing.
//
// Cache-Control: private, no-cache: only the member's own browser may keep the answer, and it
// must ask every time; no shared cache (proxy, CDN) may store it. Vary names what selects the
// data (the session cookie and the club or facility headers), so even the browser's cache never
// answers one member's or one club's request with another's; and Accept-Encoding, as the answer
// may be gzipped (app.ts). Named here, compress() need not add it: its c.header() on a finished
// answer turns @hono/node-server's string body into a stream, for every list, gzipped or not.
// Every other API answer stays no-store (security-headers.ts).
//
// A helper the routes call rather than a middleware: reading a finished Response back costs
// more than the hash (it turns @hono/node-server's string body into a stream).

export const API_CACHE_CONTROL = 'private, no-cache';
export const API_VARY = 'Cookie, X-Club-Id, X-Facility-Id, Accept-Encoding';

/** RFC 9110 §13.1.2: a list of entity tags or *, compared weakly. */
function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

const gzipped = promisify(gzip);
/** Lists shorter than this go as they are (compress()'s threshold too). */
const GZIP_FROM_BYTES = 1024;

/** Whether Accept-Encoding takes gzip (named, or `*`, with a weight above 0), read by the parser compress() uses. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const weight = (type: string) => accepts.find((a) => a.type.toLowerCase() === type)?.q;
  return (weight('gzip') ?? weight('*') ?? 0) > 0;
}

/**
 * Whether `text` is GZIP_FROM_BYTES or more in UTF-8. Its UTF-8 is never shorter than its UTF-16
 * length, so a long text is known without Buffer.byteLength, which reads all of it (a week's
 * answer, 38 KB: ~4 % of the server's CPU per answer).
 */
function longEnoughToGzip(text: string): boolean {
  return text.length >= GZIP_FROM_BYTES || Buffer.byteLength(text) >= GZIP_FROM_BYTES;
}

/** c.json for GET lists: 200 with an ETag, or 304 when If-None-Match names the same body. */
export function jsonWithETag(c: Context, value: unknown): Promise<Response> {
  const text = JSON.stringify(value);
  // Weak: the same JSON may later be sent compressed; not a secret, any stable hash will do.
  return answerWithETag(c, `W/"${createHash('sha1').update(text).digest('base64url')}"`, () => text);
}

/**
 * A JSON answer named by `tag` (weak, W/"…"): 304 when If-None-Match names it, else 200 with
 * `body()`. For answers whose tag is known without their text (GET /sessions names its answer by
 * the shared week and the member's part): a revalidation then never builds the text at all.
 */
export async function answerWithETag(c: Context, tag: string, body: () => string): Promise<Response> {
  const headers = { ETag: tag, 'Cache-Control': API_CACHE_CONTROL, Vary: API_VARY, 'Content-Type': 'application/json' };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, tag)) {
    const { 'Content-Type': _type, ...notModified } = headers;
    return c.body(null, 304, notModified);
  }
  const text = body();
  // Gzipped here, by zlib on its own threads, rather than by compress()'s CompressionStream: the
  // web stream around it cost a week's answer ~500 µs of CPU more than zlib's own ~200 µs
  // (measured with Accept-Encoding: gzip, as every browser asks: 1,000 → 1,700 answers a second,
  // 1,250 → 830 µs of CPU each).
  if (acceptsGzip(c.req.header('accept-encoding')) && longEnoughToGzip(text)) {
    return c.body(new Uint8Array(await gzipped(text)), 200, { ...headers, 'Content-Encoding': 'gzip' });
  }
  return c.body(text, 200, headers);
}
