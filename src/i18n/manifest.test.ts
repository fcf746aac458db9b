// The manifest per locale: the home-screen shortcuts named in the member's language, each with its
// icon at every size in public/, opening a screen of the app.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../core/locales';
import { localisedManifest, localisedManifests, SHORTCUT_ICON_SIZES } from './manifest';

describe('the manifest in each language', () => {
  it('names its shortcuts in the language: Classes today, My bookings, Log a lift, Check-in code', () => {
    expect(localisedManifest('en-US').shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Classes today', '/classes'],
      ['My bookings', '/bookings'],
      ['Log a lift', '/training/workouts/new/lift'],
      ['Check-in code', '/checkin'],
    ]);
    expect(localisedManifest('fr').shortcuts.map((s) => s.name)).toEqual(['Cours du jour', 'Mes réservations', 'Enregistrer une levée', "Code d'entrée"]);
    for (const lng of SUPPORTED_LOCALES) {
      const manifest = localisedManifest(lng);
      expect(manifest.lang).toBe(lng);
      for (const shortcut of manifest.shortcuts) {
        expect(shortcut.name.trim(), lng).not.toBe('');
        expect(shortcut.icons.map((i) => i.sizes)).toEqual(SHORTCUT_ICON_SIZES.map((size) => `${size}x${size}`));
        for (const icon of shortcut.icons) expect(existsSync(`public${icon.src}`), icon.src).toBe(true);
      }
    }
  });

  it('is one file per locale, beside the English default', () => {
    expect(localisedManifests().map((m) => m.fileName)).toEqual(SUPPORTED_LOCALES.map((lng) => `manifest-${lng}.webmanifest`));
    expect(JSON.parse(localisedManifests()[0]!.source)).toEqual(localisedManifest(SUPPORTED_LOCALES[0]));
  });
});
