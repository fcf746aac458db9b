import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import shell from '../../locales/en-US/shell.json';
import booking from '../../locales/en-US/booking.json';
import training from '../../locales/en-US/training.json';
import profile from '../../locales/en-US/profile.json';
import feed from '../../locales/en-US/feed.json';

// Synchronous init so the first render already has English strings, every namespace loaded, the
// shell's as the default and fallback as in the app.
void i18next.use(initReactI18next).init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  resources: { 'en-US': { shell, booking, training, profile, feed } },
  ns: ['shell', 'booking', 'training', 'profile', 'feed'],
  defaultNS: 'shell',
  fallbackNS: 'shell',
  initAsync: false,
  interpolation: { escapeValue: false },
});

afterEach(() => {
  cleanup();
});
