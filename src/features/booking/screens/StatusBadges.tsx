import { useTranslation } from '../../../i18n/use-translation';
import { sessionStatus } from '../../../domain/session-status';
import type { SessionFacts } from '../../../../core/rules/session';
import type { Formatter } from '../../../i18n/format';
import { Chip, WaitingToSync } from '../../../ui/chip/index';

/** The labels of a class (booked, full, waitlist, drop-in spaces…) plus "waiting to sync". */
export function StatusBadges({ session, now, format, pending }: { session: SessionFacts; now: Date; format: Formatter; pending?: boolean }) {
  const { t } = useTranslation('booking');
  const labels = sessionStatus(session, now);
  if (labels.length === 0 && !pending) return null;
  return (
    <span className="status-badges">
      {labels.map((label) => (
        <Chip key={label.code} tone={label.tone === 'muted' ? 'neutral' : label.tone}>
          {label.code === 'notOpen'
            ? t('status.notOpen', { when: `${format.weekdayDate(label.at)} ${format.time(label.at)}` })
            : label.code === 'dropinSpaces'
              ? t('status.dropinSpaces', { count: label.count })
              : t(`status.${label.code}`)}
        </Chip>
      ))}
      {pending && <WaitingToSync />}
    </span>
  );
}
