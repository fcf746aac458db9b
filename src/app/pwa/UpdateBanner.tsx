import { useTranslation } from '../../i18n/use-translation';
import { setPwaState, usePwaState } from './state';
import { Button } from '../../ui/button/index';

/** Asks before a new version reloads the page (SKIP_WAITING only on the member's word). */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { applyUpdate } = usePwaState();
  if (!applyUpdate) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('pwa.updateAvailable')}</span>
      <Button variant="primary" size="sm" onClick={applyUpdate}>{t('pwa.reload')}</Button>
      <Button variant="ghost" size="sm" onClick={() => setPwaState({ applyUpdate: null })}>{t('pwa.later')}</Button>
    </div>
  );
}
