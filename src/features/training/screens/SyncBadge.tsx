import { useTranslation } from 'react-i18next';

/** "Waiting to sync": the change is saved on this device and not yet at the studio. */
export function SyncBadge() {
  const { t } = useTranslation('training');
  return <span className="badge badge--pending" data-testid="waiting-to-sync">{t('common.waitingToSync')}</span>;
}
