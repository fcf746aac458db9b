// A quiet celebration of a personal record on the saved lift: a banner that eases in (not with
// reduced motion) and stays until the member dismisses it or leaves the screen.
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button/index';
import { Icon } from '../../../ui/icon/index';
import { recordNotice, useRecordNotice } from './record-notice';

/**
 * Called by the screen itself, not the banner: the banner is unmounted for a moment while the
 * address moves from the temporary id to the real one, which is not leaving.
 */
export function useRecordNoticeLifetime(): void {
  // A remount, as StrictMode does, is not leaving either: the clear waits a moment.
  useEffect(() => {
    recordNotice.keep();
    return recordNotice.clearSoon;
  }, []);
}

export function RecordBanner() {
  const { t } = useTranslation();
  const text = useRecordNotice();
  if (!text) return null;
  return (
    <div className="record-banner" role="status" data-testid="record-banner">
      <Icon name="check-circle" className="record-banner__icon" />
      <p className="record-banner__text">{text}</p>
      <Button size="sm" variant="ghost" onClick={recordNotice.clear}>{t('common.dismiss')}</Button>
    </div>
  );
}
