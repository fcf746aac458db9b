// The signed-in frame: top bar, left menu, main content, footer.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from './TopBar';
import { SideMenu } from './SideMenu';
import { Footer } from './Footer';
import './shell.css';

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="shell__body">
        <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        <main id="main" className="shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}
