// One toast: its icon, message, action and close button, and its own timer (paused while the
// pointer rests on it or focus is inside). Loaded with the first toast (ToastHost).
import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { cx } from '../cx';
import { Icon, type IconName } from '../icon/index';
import { toast, type ToastAction, type ToastRecord, type ToastStatus } from './toastStore';

const STATUS_ICON: Record<ToastStatus, IconName> = {
  success: 'check-circle',
  info: 'info',
  warning: 'alert-triangle',
  danger: 'alert-circle',
};

function useDefaultAction(item: ToastRecord): ToastAction | null {
  const { t } = useTranslation();
  if (item.action !== undefined) return item.action;
  // Errors offer Dismiss, info offers Ok (see docs/rules.md#shell).
  if (item.status === 'danger') return { label: t('common.dismiss') };
  if (item.status === 'info') return { label: t('common.ok') };
  return null;
}

/** Counts down the toast's time, paused while the pointer rests on it or focus is inside. */
function useAutoDismiss(item: ToastRecord, paused: boolean) {
  const remaining = useRef(item.duration ?? 0);
  useEffect(() => {
    if (item.duration === null || item.leaving || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [item.id, item.duration, item.leaving, paused]);
}

export default function ToastView({ item }: { item: ToastRecord }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(item, hovered || focused);
  const action = useDefaultAction(item);

  // Touch "hover" never ends, so only a mouse pointer pauses the timer.
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(true);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
  };

  return (
    <div
      role={item.status === 'danger' ? 'alert' : undefined}
      className={cx('toast', `toast--${item.status ?? 'bare'}`, item.leaving && 'is-leaving')}
      data-toast-id={item.id}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {item.status ? <Icon name={STATUS_ICON[item.status]} className="toast__icon" /> : null}
      <div className="toast__message">{item.message}</div>
      {action ? (
        <button
          type="button"
          className="btn btn--sm btn--ghost toast__action"
          onClick={() => {
            action.onClick?.();
            toast.dismiss(item.id);
          }}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn--sm btn--ghost btn--icon toast__close"
        aria-label={t('common.close')}
        onClick={() => toast.dismiss(item.id)}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
