// One booking, waitlist place or offer in a list, with the actions the visit rules allow on it (see docs/rules.md#booking).
import { useTranslation } from '../../../i18n/use-translation';
import type { Session, VisitState } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { sessionActions } from '../../../../core/rules/visit';
import { visitLabel } from '../../../domain/session-status';
import { ListRow } from '../../../ui/list/index';
import { Chip, WaitingToSync } from '../../../ui/chip/index';
import { Button } from '../../../ui/button/index';
import { useBookingActions } from './use-booking-actions';
import { WaitlistStanding } from './WaitlistStanding';

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
  const label = visitLabel(state, session.cancelled);
  return (
    <ListRow
      className="visit-row"
      data-testid="visit-row"
      data-session-id={session.id}
      to={href ?? `/classes/${session.id}`}
      title={session.name}
      meta={<>
        <span>{format.weekdayDate(session.start_date)} · {format.timeRange(session.start_date, session.end_date)}</span>
        {facilityName && <span>{facilityName}</span>}
        {state === session.visit?.state && <WaitlistStanding visit={session.visit} />}
      </>}
      chips={<>
        <Chip tone={label.tone === 'muted' ? 'neutral' : label.tone}>{t(`visitState.${label.code}`)}</Chip>
        {pending && <WaitingToSync />}
      </>}
      actions={actions.length > 0 && actions.map((action) => (
        <Button key={action} size="sm" variant={action === 'confirm' ? 'primary' : 'secondary'}
          onClick={() => void perform(action, session)} aria-label={`${t(`actions.${action}`)}: ${session.name}`}>
          {t(`actions.${action}`)}
        </Button>
      ))}
    />
  );
}
