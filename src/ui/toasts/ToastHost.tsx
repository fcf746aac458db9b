import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../cx';
import { Icon, type IconName } from '../icon/index';
import { toast, type ToastAction, type ToastRecord, type ToastStatus } from './toastStore';
import './toasts.css';

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

function ToastView({ item }: { item: ToastRecord }) {
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

/** Mount once near the root: toasts stack at the top centre of the screen, below the top bar. */
export function ToastHost() {
  const items = useSyncExternalStore(toast.subscribe, toast.getSnapshot, toast.getSnapshot);
  const alerts = items.filter((i) => i.status === 'danger');
  const others = items.filter((i) => i.status !== 'danger');
  // Both regions stay in the DOM so screen readers are already watching when a toast arrives.
  return (
    <div className="toast-host">
      <div className="toast-host__region">
        {alerts.map((item) => (
          <ToastView key={item.key} item={item} />
        ))}
      </div>
      <div className="toast-host__region" aria-live="polite">
        {others.map((item) => (
          <ToastView key={item.key} item={item} />
        ))}
      </div>
    </div>
  );
}
