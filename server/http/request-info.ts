import type { AppContext } from './context';

// Facts about the client connection. Forwarded headers are believed only when the server is
// told it sits behind a trusted reverse proxy (one hop), since clients can send them freely.

function forwarded(c: AppContext, name: string): string | undefined {
  if (!c.get('deps').trustProxy) return undefined;
  const value = c.req.header(name);
  return value ? value.split(',')[0]?.trim() || undefined : undefined;
}

export function isSecure(c: AppContext): boolean {
  const proto = forwarded(c, 'x-forwarded-proto');
  if (proto) return proto.toLowerCase() === 'https';
  const socket = c.env.incoming.socket as { encrypted?: boolean };
  return socket.encrypted === true;
}

export function clientIp(c: AppContext): string {
  if (c.get('deps').trustProxy) {
    // The right-most entry is the address the trusted proxy itself saw.
    const chain = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = chain?.[chain.length - 1];
    if (last) return last;
  }
  return c.env.incoming.socket.remoteAddress ?? 'unknown';
}

/** The normalised origin for a scheme and Host header, or null when it makes no sense. */
export function originOf(proto: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The origin this server is reached at, as the browser sees it. */
export function ownOrigin(c: AppContext): string | null {
  return originOf(isSecure(c) ? 'https' : 'http', forwarded(c, 'x-forwarded-host') ?? c.req.header('host'));
}

export function sameOrigin(origin: string, own: string | null): boolean {
  if (!own) return false;
  try {
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}
