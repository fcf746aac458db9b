// The sync status of the shell: writes waiting (and whether offline), paused for sign-in, or the
// last problem. Tapping it sends the queue now (the replay is its own chunk, not the first paint's).
// Loaded by the top bar only when there is something to say (SyncSlot).
import { useTranslation } from '../../i18n/use-translation';
import { useStorageFull, useSyncStatus } from '../../data/hooks/sync';
import { syncNeedsSaying } from './sync-needs-saying';
import { Icon } from '../../ui/icon/index';
import { useOnline } from '../../ui/use-online';

export function SyncIndicator() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const online = useOnline();
  const storageFull = useStorageFull();
  const pending = status?.pending ?? 0;
  const updateRequired = Boolean(status?.updateRequired);
  if (!syncNeedsSaying(status, storageFull)) return null;
  const label = [
    storageFull ? t('sync.storageFull') : null,
    updateRequired ? t('sync.updateRequired') : null,
    !online ? t('sync.offline') : null,
    pending > 0 ? t('sync.pending', { count: pending }) : null,
    status?.blocked === 'auth' ? t('sync.blockedAuth') : null,
    status?.lastError ? t('sync.lastError', { message: status.lastError }) : null,
  ].filter(Boolean).join('. ');
  return (
    <button type="button" className="btn btn--ghost btn--sm sync-indicator" data-testid="sync-indicator" aria-label={`${t('sync.status')}: ${label}. ${t('sync.syncNow')}`}
      title={label} onClick={() => void import('../../data/sync/replay').then(({ flushOutbox }) => flushOutbox({ ignoreBackoff: true }))}>
      <Icon name={storageFull || updateRequired ? 'alert-triangle' : online ? 'refresh' : 'cloud-off'} />
      {pending > 0 && <span className="sync-indicator__count">{pending}</span>}
      {/* Changes may be lost: this one is spelt out, not left to a tooltip. */}
      {storageFull && <span className="sync-indicator__full" role="alert">{t('sync.storageFull')}</span>}
      {/* New data cannot be shown until the app is updated: spelt out too. */}
      {updateRequired && <span className="sync-indicator__full" role="alert">{t('sync.updateRequired')}</span>}
    </button>
  );
}
