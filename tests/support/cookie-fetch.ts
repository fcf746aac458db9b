// Node's fetch has no cookie jar; the app relies on the browser keeping the `sid` cookie.
// This wrapper plays the browser for one test: it stores Set-Cookie and sends Cookie back.

export interface CookieFetch {
  fetch: typeof fetch;
  cookies: Map<string, string>;
}

export function createCookieFetch(inner: typeof fetch = globalThis.fetch): CookieFetch {
  const cookies = new Map<string, string>();
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await inner(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'max-age') return Number(raw) <= 0;
        if (lower === 'expires') return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { fetch: cookieFetch, cookies };
}
