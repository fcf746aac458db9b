// A write the server refused is never dropped silently: each notice becomes a red toast (with
// its Dismiss action) that stays until the member dismisses it.
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { dismissNotice, useSyncNotices } from '../data/hooks/sync';
import { toast } from '../ui/toasts/index';
import { noticeText } from './notice-text';

export function SyncNoticeToasts() {
  const notices = useSyncNotices();
  const { t, i18n } = useTranslation();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const notice of notices) {
      if (notice.id === undefined || shown.current.has(notice.id)) continue;
      const id = notice.id;
      shown.current.add(id);
      toast.show({
        status: 'danger',
        message: noticeText(notice, t, i18n.language),
        onClose: () => void dismissNotice(id),
      });
    }
  }, [notices, t, i18n.language]);
  return null;
}
