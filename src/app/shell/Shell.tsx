// The signed-in frame: top bar, left menu, main content, footer.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { TopBar } from './TopBar';
import { SideMenu } from './SideMenu';
import { Footer } from './Footer';
import { useMediaQuery } from '../../ui/hooks/useMediaQuery';
import './shell.css';

/** Below this width the menu is a drawer over the page (as in shell.css). */
const DRAWER_QUERY = '(max-width: 800px)';

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Going to another page closes the menu. A screen still loading commits its page late (the
  // address changed at the tap): a menu opened meanwhile, on that address, stays open.
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (openedOn.current !== pathname) setMenuOpen(false);
  }, [pathname]);
  const toggleMenu = () => {
    openedOn.current = window.location.pathname;
    setMenuOpen((open) => !open);
  };
  const drawer = useMediaQuery(DRAWER_QUERY);
  // An open drawer is modal: the page behind it cannot be reached, Escape closes it.
  const covered = menuOpen && drawer;
  const wasCovered = useRef(false);
  useEffect(() => {
    if (covered) {
      wasCovered.current = true;
      document.querySelector<HTMLElement>('#side-menu a, #side-menu button')?.focus();
      const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
      document.addEventListener('keydown', onKey);
      return () => document.removeEventListener('keydown', onKey);
    }
    if (wasCovered.current) {
      wasCovered.current = false;
      document.querySelector<HTMLElement>('.topbar__menu-button')?.focus();
    }
  }, [covered]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <TopBar menuOpen={menuOpen} onToggleMenu={toggleMenu} />
      <div className="shell__body">
        <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        <main id="main" className="shell__main" tabIndex={-1} inert={covered}>
          {children}
        </main>
      </div>
      <Footer inert={covered} />
    </div>
  );
}
