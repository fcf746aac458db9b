// The open part of a Dropdown (Dropdown.tsx): the menu or panel, where it sits, where focus goes,
// what closes it. Loaded on the first open, so a page's triggers (the org picker, the bell) cost
// the first paint only their button.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusElement, tabbables } from '../a11y/focusable';
import { cx } from '../cx';
import { LayerContext } from '../layer/LayerContext';
import { DropdownContext, type DropdownApi } from './DropdownContext';
import { menuItems } from './items';
import { computePosition } from './position';

export interface DropdownPopupProps {
  container: HTMLElement;
  api: DropdownApi;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Set to the menu element while it is mounted (the trigger's keys and `close` read it). */
  menuRef: RefObject<HTMLDivElement | null>;
  triggerId: string;
  menuId: string;
  /** Which item takes focus when a menu opens. */
  initialFocus: RefObject<'first' | 'last'>;
  variant: 'menu' | 'panel';
  label?: string;
  align: 'start' | 'end';
  autoCloseMs?: number;
  className?: string;
  children: ReactNode | ((api: DropdownApi) => ReactNode);
}

export default function DropdownPopup({ container, api, triggerRef, menuRef, triggerId, menuId, initialFocus, variant, label, align, autoCloseMs, className, children }: DropdownPopupProps) {
  const { close } = api;
  const contentRef = useRef<HTMLDivElement>(null);
  const [menuEl, setMenuEl] = useState<HTMLDivElement | null>(null);
  const setMenu = useCallback((el: HTMLDivElement | null) => {
    menuRef.current = el;
    setMenuEl(el);
  }, [menuRef]);

  // Position below the trigger (or above / shifted), following resizes, scrolling and content changes.
  useLayoutEffect(() => {
    const menu = menuEl;
    const anchor = triggerRef.current;
    if (!menu || !anchor) return;
    const update = () => {
      menu.style.removeProperty('--dropdown-available');
      const pos = computePosition(
        anchor.getBoundingClientRect(),
        { width: menu.offsetWidth, height: menu.offsetHeight },
        { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight },
        { align },
      );
      menu.style.top = `${pos.top}px`;
      menu.style.left = `${pos.left}px`;
      if (pos.maxHeight !== undefined) menu.style.setProperty('--dropdown-available', `${pos.maxHeight}px`);
      menu.dataset.placement = pos.placement;
    };
    const onScroll = (e: Event) => {
      if (e.target instanceof Node && menu.contains(e.target)) return;
      update();
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', onScroll, true);
    // Watch the inner content, whose size does not depend on the max-height set above.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    if (contentRef.current) observer?.observe(contentRef.current);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', onScroll, true);
      observer?.disconnect();
    };
  }, [menuEl, align, triggerRef]);

  useLayoutEffect(() => {
    const menu = menuEl;
    if (!menu) return;
    if (variant === 'menu') {
      const items = menuItems(menu);
      focusElement((initialFocus.current === 'last' ? items[items.length - 1] : items[0]) ?? menu);
    } else {
      focusElement(menu.querySelector<HTMLElement>('[data-autofocus]') ?? menu);
    }
  }, [menuEl, variant, initialFocus]);

  // Outside press closes; the check is on pointerdown so a drag out of the menu does not count.
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target;
      if (!(target instanceof Node)) return;
      if (triggerRef.current?.contains(target) || menuRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [close, triggerRef, menuRef]);

  const [activity, setActivity] = useState(0);
  const [hovered, setHovered] = useState(false);
  const touch = () => setActivity((n) => n + 1);
  useEffect(() => {
    if (!autoCloseMs || hovered) return;
    const timer = setTimeout(() => close(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, hovered, activity, close]);

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    touch();
    const menu = menuRef.current;
    // A nested dropdown already handled it.
    if (!menu || e.defaultPrevented) return;
    if (e.key === 'Escape') {
      // Handled here so a surrounding modal does not close too.
      e.preventDefault();
      e.stopPropagation();
      close({ focusTrigger: true });
      return;
    }
    if (e.key === 'Tab') {
      // Focus the trigger without preventing default: the browser then moves on from the trigger.
      if (variant === 'menu') {
        close({ focusTrigger: true });
        return;
      }
      const items = tabbables(menu);
      const active = document.activeElement;
      if (e.shiftKey && (items.length === 0 || active === items[0] || active === menu)) {
        e.preventDefault();
        close({ focusTrigger: true });
      } else if (!e.shiftKey && (items.length === 0 || active === items[items.length - 1])) {
        close({ focusTrigger: true });
      }
      return;
    }
    if (variant !== 'menu') return;
    const items = menuItems(menu);
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = items[(index + 1) % items.length];
    else if (e.key === 'ArrowUp') next = items[(index - 1 + items.length) % items.length];
    else if (e.key === 'Home' || e.key === 'PageUp') next = items[0];
    else if (e.key === 'End' || e.key === 'PageDown') next = items[items.length - 1];
    if (next) {
      e.preventDefault();
      focusElement(next);
    }
  };

  return createPortal(
    <div
      ref={setMenu}
      id={menuId}
      role={variant === 'menu' ? 'menu' : 'dialog'}
      aria-label={label}
      aria-labelledby={label ? undefined : triggerId}
      tabIndex={-1}
      className={cx('dropdown', `dropdown--${variant}`, className)}
      onKeyDown={onMenuKeyDown}
      onPointerDown={touch}
      onPointerEnter={(e) => setHovered(e.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
    >
      <LayerContext value={menuEl}>
        <DropdownContext value={api}>
          <div ref={contentRef} role="none" className="dropdown__content">
            {typeof children === 'function' ? children(api) : children}
          </div>
        </DropdownContext>
      </LayerContext>
    </div>,
    container,
  );
}
