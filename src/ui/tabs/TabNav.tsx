import { useCallback, useEffect, useRef, useState } from 'react';
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

type Edges = { start: boolean; end: boolean };

/**
 * Sub-page navigation that looks like tabs. These are links (each tab is a route), so they use
 * nav + aria-current rather than the tablist pattern. On a phone the row scrolls sideways: the
 * current tab is kept in view, and an edge fades where more tabs wait, so none looks cut off.
 */
export function TabNav({ items, label, className }: TabNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  const measure = useCallback(() => {
    const nav = navRef.current;
    if (!nav) return;
    // scrollLeft is negative in right-to-left layouts; the fades follow the logical start and end.
    const scrolled = Math.abs(nav.scrollLeft);
    const next = { start: scrolled > 1, end: scrolled + nav.clientWidth < nav.scrollWidth - 1 };
    setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.tab-nav__link.is-active');
    if (nav && active && nav.scrollWidth > nav.clientWidth) {
      const left = active.offsetLeft - nav.offsetLeft;
      const right = left + active.offsetWidth;
      const fade = 32; // keep the active tab clear of the fade
      if (left - fade < nav.scrollLeft) nav.scrollLeft = Math.max(0, left - fade);
      else if (right + fade > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = right + fade - nav.clientWidth;
    }
    measure();
  }, [pathname, items, measure]);

  useEffect(() => {
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <nav ref={navRef} className={cx('tab-nav', edges.start && 'tab-nav--fade-start', edges.end && 'tab-nav--fade-end', className)}
      aria-label={label} onScroll={measure}>
      <ul className="tab-nav__list">
        {items.map((item) => (
          <li key={item.to} className="tab-nav__item">
            <NavLink to={item.to} end={item.end} className={({ isActive }) => cx('tab-nav__link', isActive && 'is-active')}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
