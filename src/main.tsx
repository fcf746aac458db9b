// Bootstrap: language first (so the first paint is translated), then the data layer, the app,
// and the service worker once the page is stable.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { negotiateLocale } from '../core/locales';
import { db, type AuthState } from './data/db';
import { bootDataLayer } from './app/boot';
import { registerServiceWorker } from './app/pwa/register';
import { App } from './app/App';
import { startTheme } from './app/theme';
import './styles/index.css';
import './app/app.css';

async function storedLocale(): Promise<string | null> {
  try {
    const auth = (await db.meta.get('auth')) as AuthState | undefined;
    if (!auth?.profileId) return null;
    return (await db.profiles.get(auth.profileId))?.locale ?? null;
  } catch {
    return null; // IndexedDB unavailable (private mode in some browsers): run without it
  }
}

async function boot(): Promise<void> {
  startTheme();
  const locale = negotiateLocale(await storedLocale(), navigator.languages);
  await initI18n(locale);
  bootDataLayer();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
