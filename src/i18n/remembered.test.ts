// The language a start shows first (main.tsx), and what index.html's body script asks for on a first visit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLocale, rememberedLocale, startLocale } from './remembered';

// The rules project runs in Node: a localStorage of its own.
const stored = new Map<string, string>();
const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
beforeEach(() => vi.stubGlobal('localStorage', storage));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stored.clear();
});

describe('the language a start shows first', () => {
  it('is the one this device last showed, without reading the profile', async () => {
    rememberLocale('mi-NZ');
    const profile = vi.fn(async () => 'fr');
    expect(await startLocale(profile, ['et'])).toBe('mi-NZ');
    expect(profile).not.toHaveBeenCalled();
  });

  it('on a first visit is the browser’s, without waiting for the profile (there is none yet)', async () => {
    const profile = vi.fn(async () => 'fr');
    expect(await startLocale(profile, ['es-MX', 'et'])).toBe('es-ES');
    expect(profile).not.toHaveBeenCalled();
  });

  it('with storage unreadable is the profile’s, else the browser’s', async () => {
    vi.spyOn(storage, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(rememberedLocale()).toBeUndefined();
    expect(await startLocale(async () => 'fr', ['et'])).toBe('fr');
    expect(await startLocale(async () => null, ['et'])).toBe('et');
  });
});
