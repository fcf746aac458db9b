import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { focusElement, tabbables } from '../a11y/focusable';
import { cx } from '../cx';
import { useLatest } from '../hooks/useLatest';
import { LayerContext, useLayerContainer } from '../layer/LayerContext';
import { DropdownContext, type DropdownApi } from './DropdownContext';
import { computePosition } from './position';
import './dropdown.css';

export interface DropdownTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  id: string;
  type: 'button';
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
}

export interface DropdownProps {
  /** Content of the built-in trigger button (ignored with renderTrigger). */
  trigger?: ReactNode;
  /** aria-label of the built-in trigger, needed when it shows only an icon. */
  triggerLabel?: string;
  /** Classes for the built-in trigger, added to `btn`; default `btn--ghost`. */
  triggerClassName?: string;
  /** Render your own trigger: spread the props onto a <button>. */
  renderTrigger?: (props: DropdownTriggerProps, state: { open: boolean }) => ReactNode;
  /** Items (`variant="menu"`) or any content (`variant="panel"`); a function receives `close`. */
  children: ReactNode | ((api: DropdownApi) => ReactNode);
  /** `menu`: role=menu with arrow-key navigation of DropdownItems. `panel`: a non-modal dialog. */
  variant?: 'menu' | 'panel';
  /** Accessible name of the menu/panel; defaults to the trigger's. */
  label?: string;
  /** Align the menu with the trigger's start or end edge. */
  align?: 'start' | 'end';
  /** Close after this long without interaction (hovering pauses it). */
  autoCloseMs?: number;
  /** Controlled open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

type InitialFocus = 'first' | 'last';

function menuItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]')).filter(
    (el) => el.closest('[role="menu"]') === menu && !el.matches(':disabled, [aria-disabled="true"]'),
  );
}

export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  renderTrigger,
  children,
  variant = 'menu',
  label,
  align = 'start',
  autoCloseMs,
  open: controlledOpen,
  onOpenChange,
  className,
}: DropdownProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const triggerId = useId();
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [menuEl, setMenuEl] = useState<HTMLDivElement | null>(null);
  const initialFocus = useRef<InitialFocus>('first');
  const container = useLayerContainer();
  const onOpenChangeRef = useLatest(onOpenChange);
  const isControlled = controlledOpen !== undefined;

  const setOpen = useCallback(
    (next: boolean) => {
      if (!isControlled) setUncontrolledOpen(next);
      onOpenChangeRef.current?.(next);
    },
    [isControlled, onOpenChangeRef],
  );

  const close = useCallback<DropdownApi['close']>(
    (options) => {
      const menu = menuRef.current;
      // Never leave keyboard focus stranded on a menu that is about to disappear.
      const focusInside = menu?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (options?.focusTrigger || focusInside) focusElement(triggerRef.current);
    },
    [setOpen],
  );
  const api = useMemo<DropdownApi>(() => ({ close }), [close]);

  const setMenu = useCallback((el: HTMLDivElement | null) => {
    menuRef.current = el;
    setMenuEl(el);
  }, []);

  // Position below the trigger (or above / shifted), following resizes, scrolling and content changes.
  useLayoutEffect(() => {
    const menu = menuEl;
    const anchor = triggerRef.current;
    if (!open || !menu || !anchor) return;
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
  }, [open, menuEl, align]);

  useLayoutEffect(() => {
    const menu = menuEl;
    if (!open || !menu) return;
    if (variant === 'menu') {
      const items = menuItems(menu);
      focusElement((initialFocus.current === 'last' ? items[items.length - 1] : items[0]) ?? menu);
    } else {
      focusElement(menu.querySelector<HTMLElement>('[data-autofocus]') ?? menu);
    }
  }, [open, menuEl, variant]);

  // Outside press closes; the check is on pointerdown so a drag out of the menu does not count.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target;
      if (!(target instanceof Node)) return;
      if (triggerRef.current?.contains(target) || menuRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  const [activity, setActivity] = useState(0);
  const [hovered, setHovered] = useState(false);
  const touch = () => setActivity((n) => n + 1);
  useEffect(() => {
    if (!open || !autoCloseMs || hovered) return;
    const timer = setTimeout(() => close(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs, hovered, activity, close]);

  const show = (focus: InitialFocus) => {
    initialFocus.current = focus;
    setHovered(false);
    setOpen(true);
  };

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowDown' || (e.key === 'ArrowUp' && variant === 'menu')) {
      e.preventDefault();
      if (!open) show(e.key === 'ArrowUp' ? 'last' : 'first');
      else if (menuRef.current) focusElement(menuItems(menuRef.current)[0] ?? menuRef.current);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close({ focusTrigger: true });
    }
  };

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

  const triggerProps: DropdownTriggerProps = {
    ref: triggerRef,
    id: triggerId,
    type: 'button',
    'aria-haspopup': variant === 'menu' ? 'menu' : 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => (open ? close() : show('first')),
    onKeyDown: onTriggerKeyDown,
  };

  return (
    <>
      {renderTrigger ? (
        renderTrigger(triggerProps, { open })
      ) : (
        <button {...triggerProps} aria-label={triggerLabel} className={cx('btn', triggerClassName ?? 'btn--ghost')}>
          {trigger}
        </button>
      )}
      {open && container
        ? createPortal(
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
          )
        : null}
    </>
  );
}
