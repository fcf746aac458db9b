import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Icon } from '../icon/index';
import { Spinner } from '../spinner/index';
import { progress } from './progressStore';
import './progress.css';

/** Mount once near the root: the single progress box at the bottom centre of the screen. */
export function ProgressToastHost() {
  const state = useSyncExternalStore(progress.subscribe, progress.getSnapshot, progress.getSnapshot);
  const { t } = useTranslation();
  const isError = state.phase === 'error';
  const box =
    state.phase === 'idle' ? null : (
      <div className={`progress-toast progress-toast--${state.phase}`}>
        {state.phase === 'loading' ? <Spinner size="sm" decorative /> : null}
        {state.phase === 'success' ? <Icon name="check" /> : null}
        {isError ? <Icon name="alert-circle" /> : null}
        <span className="progress-toast__text">{state.text ?? (isError ? t(state.fallbackKey) : '')}</span>
      </div>
    );
  // Both live regions are always present; the box moves into the assertive one for errors.
  return (
    <div className="progress-toast-host">
      <div role="status">{isError ? null : box}</div>
      <div role="alert">{isError ? box : null}</div>
    </div>
  );
}
