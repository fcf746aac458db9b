import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { Session } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { StatusBadges } from './StatusBadges';
import { instructorNames } from './instructors';
import { FriendsLine } from '../../friends/public';
import type { BookedFriend } from '../../../domain/friends-line';

export const SessionRow = memo(function SessionRow({ session, now, format, pending, friends }: { session: Session; now: Date; format: Formatter; pending: boolean; friends?: readonly BookedFriend[] }) {
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
        <FriendsLine friends={friends} className="session-row__meta" />
        <StatusBadges session={session} now={now} format={format} pending={pending} />
      </span>
    </Link>
  );
});
