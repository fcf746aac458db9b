// The floor of a live screen built on the app's mandated stack (bench/repeat-visit.ts): React, React
// DOM, React Router, Dexie with its React hooks, i18next with react-i18next and date-fns, the same
// versions, and nothing of the app. It opens the app's own IndexedDB, reads the first classes with a
// live query and renders them as links inside #root: what any screen made of these parts pays before
// its first live row. Built on its own (bench/floor/vite.config.ts) and served by its own service
// worker from the same precache library, so the app's build and worker stay as they ship.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router';
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { format } from 'date-fns';

interface Row {
  id: number;
  name: string;
  /** ISO date-time. */
  start_date: string;
}

// Its code runs: the same moment as the app's mark (src/main.tsx), read by bench/repeat-visit.ts.
performance.mark('member:boot');
// As the app's build runs (src/main.tsx): not in the debug mode Dexie picks for 127.0.0.1.
Dexie.debug = false;
// No schema: Dexie opens the app's database as it is, at its version (tables known once open).
const db = new Dexie('member-pwa');

function Rows() {
  const { t } = useTranslation();
  const rows = useLiveQuery(() => db.table<Row>('sessions').orderBy('start_date').limit(12).toArray(), []);
  if (!rows) return null;
  return (
    <main>
      <h1>{t('titles.classes')}</h1>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <Link className="session-row" to={`/classes/${row.id}`}>
              {format(new Date(row.start_date), 'p')} {row.name}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

void Promise.all([
  db.open(),
  i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { shell: { titles: { classes: 'Classes' } } } }, defaultNS: 'shell', react: { useSuspense: false } }),
]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Rows />
      </BrowserRouter>
    </StrictMode>,
  );
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/bench-floor/sw.js', { scope: '/bench-floor/', type: 'module' });
});
