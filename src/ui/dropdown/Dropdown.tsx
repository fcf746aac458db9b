// A menu or panel opened from a button. The trigger (its state, ARIA wiring and keys) is here; the
// open part (DropdownPopup.tsx: placement, focus, outside press, auto-close, the menu's keys) loads
// on the first open, or as soon as the pointer or focus reaches a trigger, and opens without a
// fallback once loaded.
import { Suspense, useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { focusElement } from '../a11y/focusable';
import { cx } from '../cx';
import { useLatest } from '../hooks/useLatest';
import { useLayerContainer } from '../layer/LayerContext';
import { lazyOnce, once, startLoad } from '../load-once';
import type { DropdownApi } from './DropdownContext';
import { menuItems } from './items';
import './dropdown.css';

/** Starts loading the open part of every dropdown; resolves once it is there. */
export const loadDropdownPopup = once(() => import('./DropdownPopup'));
const DropdownPopup = lazyOnce(loadDropdownPopup);
const preload = () => startLoad(loadDropdownPopup);

export interface DropdownTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  id: string;
  type: 'button';
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
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

  const show = (focus: InitialFocus) => {
    initialFocus.current = focus;
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

  const triggerProps: DropdownTriggerProps = {
    ref: triggerRef,
    id: triggerId,
    type: 'button',
    'aria-haspopup': variant === 'menu' ? 'menu' : 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => (open ? close() : show('first')),
    onKeyDown: onTriggerKeyDown,
    // A tap or a keypress is about to open it: its code is on the way before then.
    onPointerEnter: preload,
    onFocus: preload,
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
      {open && container ? (
        <Suspense fallback={null}>
          <DropdownPopup container={container} api={api} triggerRef={triggerRef} menuRef={menuRef} triggerId={triggerId} menuId={menuId}
            initialFocus={initialFocus} variant={variant} label={label} align={align} autoCloseMs={autoCloseMs} className={className}>
            {children}
          </DropdownPopup>
        </Suspense>
      ) : null}
    </>
  );
}
