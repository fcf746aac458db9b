import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { holdFirstInstall } from '../pwa/install-hold';
import './shell.css';

export function SignedOutLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The member's next step here is signing in: the service worker's first install waits for it.
  useEffect(() => holdFirstInstall(), []);
  return (
    <div className="signed-out">
      <header className="signed-out__brand">
        <img src="/icon.svg" alt="" width="48" height="48" />
        <span className="signed-out__name">{t('app.name')}</span>
      </header>
      <main id="main" className="signed-out__main">{children}</main>
    </div>
  );
}
