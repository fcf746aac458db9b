import { useTranslation } from 'react-i18next';
import { Chip } from '../../../ui/chip/index';

/** "Waiting to sync": the change is saved on this device and not yet at the studio. */
export function SyncBadge() {
  const { t } = useTranslation('training');
  return <Chip tone="warning" className="badge--pending" testId="waiting-to-sync">{t('common.waitingToSync')}</Chip>;
}
