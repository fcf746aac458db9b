// A write the server refused is never dropped silently: each notice becomes a red toast (with
// its Dismiss action) that stays until the member dismisses it.
import { useEffect, useRef } from 'react';
import { dismissNotice, useSyncNotices } from '../data/hooks/sync';
import { toast } from '../ui/toasts/index';

export function SyncNoticeToasts() {
  const notices = useSyncNotices();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const notice of notices) {
      if (notice.id === undefined || shown.current.has(notice.id)) continue;
      const id = notice.id;
      shown.current.add(id);
      toast.show({
        status: 'danger',
        message: notice.message,
        onClose: () => void dismissNotice(id),
      });
    }
  }, [notices]);
  return null;
}
