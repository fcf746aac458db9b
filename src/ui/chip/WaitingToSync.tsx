import { useTranslation } from '../../i18n/use-translation';
import { Chip } from './Chip';

/** "Waiting to sync": the change is saved on this device and not yet at the studio. */
export function WaitingToSync() {
  const { t } = useTranslation();
  return <Chip tone="pending" testId="waiting-to-sync">{t('common.waitingToSync')}</Chip>;
}
