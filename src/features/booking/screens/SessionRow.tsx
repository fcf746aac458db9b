import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { StatusBadges } from './StatusBadges';
import { instructorNames } from './instructors';

export const SessionRow = memo(function SessionRow({ session, now, format, pending }: { session: Session; now: Date; format: Formatter; pending: boolean }) {
  const { t } = useTranslation('booking');
  const names = instructorNames(session.instructors, t);
  return (
    <Link to={`/classes/${session.id}`} className={`session-row${session.cancelled ? ' session-row--cancelled' : ''}`} data-testid="session-row" data-session-id={session.id}>
      <span className="session-row__time">
        <span>{format.time(session.start_date)}</span>
        <span className="muted">{format.time(session.end_date)}</span>
      </span>
      <span className="session-row__main">
        <span className="session-row__name">{session.name}</span>
        {names && <span className="session-row__meta muted">{names}</span>}
        <StatusBadges session={session} now={now} format={format} pending={pending} />
      </span>
    </Link>
  );
});
