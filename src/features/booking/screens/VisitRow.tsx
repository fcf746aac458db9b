// One booking, waitlist place or offer in a list, with the actions the visit rules allow on it (see docs/rules.md#booking).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Session, VisitState } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { sessionActions } from '../../../../core/rules/visit';
import { useBookingActions } from './use-booking-actions';

const stateTone: Record<VisitState, string> = {
  booked: 'success', attended: 'success', waitlisted: 'info', pending: 'warning', cancelled: 'muted',
};

export function VisitRow({ session, state, format, now, pending, showActions = true, href, facilityName }: {
  session: Session;
  /** Shown when the class is at another facility than the selected one. */
  facilityName?: string;
  state: VisitState;
  format: Formatter;
  now: Date;
  pending: boolean;
  showActions?: boolean;
  href?: string;
}) {
  const { t } = useTranslation('booking');
  const perform = useBookingActions();
  const actions = showActions ? sessionActions(session, now).filter((a) => a !== 'book' && a !== 'dropin' && a !== 'waitlist') : [];
  return (
    <li className="list__item visit-row" data-testid="visit-row" data-session-id={session.id}>
      <div className="list__main">
        <Link to={href ?? `/classes/${session.id}`} className="list__title">{session.name}</Link>
        <span className="list__meta">
          {format.weekdayDate(session.start_date)} · {format.timeRange(session.start_date, session.end_date)}
          {facilityName && <> · {facilityName}</>}
        </span>
        <span className="status-badges">
          <span className={`badge badge--${stateTone[state]}`}>{t(`visitState.${state}`)}</span>
          {session.cancelled && <span className="badge badge--danger">{t('status.cancelled')}</span>}
          {pending && <span className="badge badge--pending" data-testid="waiting-to-sync">{t('common.waitingToSync')}</span>}
        </span>
      </div>
      {actions.length > 0 && (
        <div className="btn-row visit-row__actions">
          {actions.map((action) => (
            <button key={action} type="button" className={`btn btn--sm ${action === 'confirm' ? 'btn--primary' : 'btn--secondary'}`}
              onClick={() => void perform(action, session)} aria-label={`${t(`actions.${action}`)}: ${session.name}`}>
              {t(`actions.${action}`)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
