import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { isSecure } from './request-info';

/** sha256 hashes (base64) of a document's own inline scripts and stylesheets. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

const sources = (keyword: string, hashes: readonly string[] = []) => [keyword, "'self'", ...hashes.map((hash) => `'sha256-${hash}'`)].join(' ');

/**
 * Stripe.js and its frames (card fields, 3-D Secure), as Stripe documents for its CSP; allowed only
 * where the Stripe gateway is offered, so a server without it loads no third-party code at all.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * A strict policy: no inline script or style but those a document names by hash (index.html's
 * first-paint scripts and stylesheet, allowed by server/static.ts for exactly that file's text);
 * with `stripe`, Stripe.js's origins too.
 */
export function contentSecurityPolicy(inline?: InlineHashes, stripe = false): string {
  const extra = (list: string[]) => (stripe ? list.map((origin) => ` ${origin}`).join('') : '');
  return [
    "default-src 'self'",
    sources('script-src', inline?.scripts) + extra(STRIPE_SOURCES.script),
    sources('style-src', inline?.styles),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${extra(STRIPE_SOURCES.connect)}`,
    ...(stripe ? [`frame-src 'self'${extra(STRIPE_SOURCES.frame)}`] : []),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // The camera for the front desk's scanner (/desk) only from this origin; nothing else asks for it.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
};

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    // A document that allows its own inline scripts set a policy naming them (static.ts).
    if (name === 'Content-Security-Policy' && c.res.headers.has(name)) continue;
    c.res.headers.set(name, value);
  }
  // Only over HTTPS: announcing HSTS on plain http would be ignored anyway and confuses local setups.
  if (c.get('deps') && isSecure(c)) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000');
  // API answers are per member and change constantly; no cache may keep them, except the
  // member's own browser for a list answered with an ETag (etag.ts: private, no-cache, Vary).
  if ((c.req.path === '/api' || c.req.path.startsWith('/api/')) && !c.res.headers.has('ETag')) c.res.headers.set('Cache-Control', 'no-store');
});
