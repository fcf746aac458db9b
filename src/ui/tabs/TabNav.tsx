import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '../cx';
import './tab-nav.css';

export interface TabNavItem {
  to: string;
  label: string;
  /** Active only on an exact match (use for the index tab, e.g. overview). */
  end?: boolean;
}

export interface TabNavProps {
  items: readonly TabNavItem[];
  /** Accessible name of the navigation, e.g. the class name. */
  label: string;
  className?: string;
}

/**
 * Sub-page navigation that looks like tabs. These are links (each tab is a route), so they use
 * nav + aria-current rather than the tablist pattern.
 */
export function TabNav({ items, label, className }: TabNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow phone the row scrolls sideways: keep the current tab in view (e.g. a deep link to the last one).
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.tab-nav__link.is-active');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const left = active.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    if (left < nav.scrollLeft || left + active.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = left + active.offsetWidth - nav.clientWidth;
  }, [pathname]);
  return (
    <nav ref={navRef} className={cx('tab-nav', className)} aria-label={label}>
      <ul className="tab-nav__list">
        {items.map((item) => (
          <li key={item.to} className="tab-nav__item">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => cx('tab-nav__link', isActive && 'is-active')}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
