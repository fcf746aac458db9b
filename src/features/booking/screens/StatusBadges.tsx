import { useTranslation } from 'react-i18next';
import { sessionStatus } from '../../../domain/session-status';
import type { SessionFacts } from '../../../../core/rules/session';
import type { Formatter } from '../../../i18n/format';

/** The labels of a class (booked, full, waitlist, drop-in spaces…) plus "waiting to sync". */
export function StatusBadges({ session, now, format, pending }: { session: SessionFacts; now: Date; format: Formatter; pending?: boolean }) {
  const { t } = useTranslation('booking');
  const labels = sessionStatus(session, now);
  if (labels.length === 0 && !pending) return null;
  return (
    <span className="status-badges">
      {labels.map((label) => (
        <span key={label.code} className={`badge badge--${label.tone === 'muted' ? 'muted' : label.tone}`}>
          {label.code === 'notOpen'
            ? t('status.notOpen', { when: `${format.weekdayDate(label.at)} ${format.time(label.at)}` })
            : label.code === 'dropinSpaces'
              ? t('status.dropinSpaces', { count: label.count })
              : t(`status.${label.code}`)}
        </span>
      ))}
      {pending && <span className="badge badge--pending" data-testid="waiting-to-sync">{t('common.waitingToSync')}</span>}
    </span>
  );
}
