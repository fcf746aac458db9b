import { useTranslation } from 'react-i18next';
import { setPwaState, usePwaState } from './state';

/** Asks before a new version reloads the page (SKIP_WAITING only on the member's word). */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { applyUpdate } = usePwaState();
  if (!applyUpdate) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('pwa.updateAvailable')}</span>
      <button type="button" className="btn btn--primary btn--sm" onClick={applyUpdate}>{t('pwa.reload')}</button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPwaState({ applyUpdate: null })}>{t('pwa.later')}</button>
    </div>
  );
}
