import { describe, expect, it } from 'vitest';
import { appPath, isAppPath } from './app-path';

describe('appPath: a place in this app, never another site', () => {
  it('keeps a path of the app, with its query and fragment, as a URL writes it', () => {
    expect(appPath('/checkout/payment?returned=1')).toBe('/checkout/payment?returned=1');
    expect(appPath('/classes/12#top')).toBe('/classes/12#top');
    expect(appPath('/')).toBe('/');
    expect(appPath('/a b/é')).toBe('/a%20b/%C3%A9');
    expect(isAppPath('/training')).toBe(true);
  });

  it('refuses what a browser would take to another host or what cannot be a header', () => {
    for (const value of [
      '//evil.example/', '/\\evil.example/', '\\\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'checkout', '',
      // Browsers drop tabs and line breaks inside a URL: these become //evil.example/.
      '/\t/evil.example/', '/\n/evil.example/', '/\r/evil.example/', '/\r\n/evil.example/', '/\u0000/evil.example/', '/\u007f', '/\u0085x',
      '/x\\y', `/${'a'.repeat(3000)}`,
    ]) {
      expect(appPath(value), JSON.stringify(value)).toBeNull();
    }
    expect(appPath(undefined)).toBeNull();
    expect(appPath(42)).toBeNull();
    expect(isAppPath('/\t/evil.example/')).toBe(false);
  });
});
