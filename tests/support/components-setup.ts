import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import translation from '../../locales/en-US/translation.json';

// Synchronous init so the first render already has English strings.
void i18next.use(initReactI18next).init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  resources: { 'en-US': { translation } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

afterEach(() => {
  cleanup();
});
