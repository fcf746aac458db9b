import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type AnimationEvent,
  type KeyboardEvent,
  type PointerEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation';
import { focusElement, tabbables } from '../a11y/focusable';
import { Icon } from '../icon/Icon';
import { LayerContext } from '../layer/LayerContext';
import { usePresence } from '../motion/usePresence';
import { useLatest } from '../hooks/useLatest';
import { cx } from '../cx';
import { isTopModal, pushModal } from './modalStack';
import { lockScroll } from './scrollLock';
import './modal.css';

/** Length of the closing animation in modal.css; the fallback unmounts a little after it. */
export const MODAL_EXIT_MS = 160;
const EXIT_FALLBACK_MS = MODAL_EXIT_MS + 100;

export interface ModalProps {
  open: boolean;
  /** Asked to close (Escape, close button, backdrop); the owner sets `open` to false. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Show the header close button. Default true. */
  closable?: boolean;
  /** Escape, the close button and the backdrop do nothing (e.g. while saving). */
  closeDisabled?: boolean;
  /** A click on the backdrop closes the dialog. Default false. */
  dismissableMask?: boolean;
  /** Backdrop, focus trap and page scroll lock. Default true. */
  modal?: boolean;
  /** Element to focus on open; defaults to the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Called after the closing animation, once the dialog is gone from the DOM. */
  onExited?: () => void;
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Point aria-describedby at the body (short messages such as confirmations). */
  describedByBody?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  closable = true,
  closeDisabled = false,
  dismissableMask = false,
  modal = true,
  initialFocusRef,
  onExited,
  role = 'dialog',
  describedByBody = false,
  size = 'md',
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const { mounted, exiting, finish } = usePresence(open, EXIT_FALLBACK_MS);
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement | null>(null);
  // Overlays opened inside the dialog (dropdowns) portal into it, so they stay within the dialog.
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const setPanel = useCallback((el: HTMLDivElement | null) => {
    panelRef.current = el;
    setLayer(el);
  }, []);
  const pressedOnMask = useRef(false);
  const onCloseRef = useLatest(onClose);
  const onExitedRef = useLatest(onExited);
  const closeDisabledRef = useLatest(closeDisabled);

  const requestClose = () => {
    if (!closeDisabled) onClose();
  };

  useEffect(() => {
    if (!mounted || !modal) return;
    return lockScroll();
  }, [mounted, modal]);

  // Escape is listened for on the document so it works wherever focus is; only the top dialog reacts.
  useEffect(() => {
    if (!open) return;
    const id = Symbol('modal');
    const pop = pushModal(id);
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing || !isTopModal(id)) return;
      e.preventDefault();
      if (!closeDisabledRef.current) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      pop();
    };
  }, [open, onCloseRef, closeDisabledRef]);

  // Move focus in on open and give it back to the opener as soon as closing starts.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && !panel?.contains(active) ? active : null;
    focusElement(initialFocusRef?.current ?? panel);
    return () => {
      const now = document.activeElement;
      const focusInDialogOrLost = !now || now === document.body || (panel?.contains(now) ?? false);
      if (opener?.isConnected && focusInDialogOrLost) focusElement(opener);
    };
  }, [open, initialFocusRef]);

  const wasMounted = useRef(mounted);
  useEffect(() => {
    if (wasMounted.current && !mounted) onExitedRef.current?.();
    wasMounted.current = mounted;
  }, [mounted, onExitedRef]);

  if (!mounted) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const panel = panelRef.current;
    if (e.key !== 'Tab' || !modal || !panel) return;
    const items = tabbables(panel);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      e.preventDefault();
      focusElement(panel);
    } else if (e.shiftKey && (active === first || active === panel)) {
      e.preventDefault();
      focusElement(last);
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      focusElement(first);
    }
  };

  // A press that starts inside the dialog and ends on the backdrop (text selection) is not a dismiss.
  const onMaskPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pressedOnMask.current = e.target === e.currentTarget;
  };
  const onMaskClick = (e: MouseEvent<HTMLDivElement>) => {
    const pressed = pressedOnMask.current;
    pressedOnMask.current = false;
    if (pressed && e.target === e.currentTarget && dismissableMask) requestClose();
  };

  const onAnimationEnd = (e: AnimationEvent<HTMLDivElement>) => {
    if (exiting && e.target === e.currentTarget) finish();
  };

  return createPortal(
    <div
      className={cx('modal-root', exiting && 'is-closing', !modal && 'modal-root--modeless')}
    >
      {modal ? (
        <div
          className="modal-backdrop"
          aria-hidden="true"
          data-testid="modal-backdrop"
          onPointerDown={onMaskPointerDown}
          onClick={onMaskClick}
        />
      ) : null}
      <div
        ref={setPanel}
        role={role}
        aria-modal={modal ? true : undefined}
        aria-labelledby={titleId}
        aria-describedby={describedByBody ? bodyId : undefined}
        tabIndex={-1}
        inert={exiting || undefined}
        className={cx('modal', `modal--${size}`, className)}
        onKeyDown={onKeyDown}
        onAnimationEnd={onAnimationEnd}
      >
        <LayerContext value={layer}>
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {closable ? (
              <button
                type="button"
                className="btn btn--ghost btn--icon modal__close"
                aria-label={t('common.close')}
                disabled={closeDisabled}
                onClick={requestClose}
              >
                <Icon name="close" />
              </button>
            ) : null}
          </div>
          <div id={bodyId} className="modal__body">
            {children}
          </div>
          {footer != null ? <div className="modal__footer">{footer}</div> : null}
        </LayerContext>
      </div>
    </div>,
    document.body,
  );
}
