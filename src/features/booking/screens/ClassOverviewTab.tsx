// The overview of a class: when, where, who teaches, places, and every action the rules allow (see docs/rules.md#booking),
// with the reason when booking is not possible rather than a missing button.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassContext } from './ClassDetailScreen';
import { StatusBadges } from './StatusBadges';
import { ReservationPrompt } from './ReservationPrompt';
import { instructorNames } from './instructors';
import { useBookingActions } from './use-booking-actions';
import { useNow } from './use-now';
import { useFormat } from '../../../i18n/useFormat';
import { usePending } from '../../../data/hooks/pending';
import { bookingBlock, dropInSpacesLeft } from '../../../../core/rules/session';
import { sessionActions, type VisitAction } from '../../../../core/rules/visit';

const buttonStyle: Record<VisitAction, string> = {
  book: 'btn--primary', dropin: 'btn--secondary', waitlist: 'btn--primary', cancel: 'btn--danger', latecancel: 'btn--danger',
  remove: 'btn--secondary', confirm: 'btn--primary', decline: 'btn--secondary',
};

export default function ClassOverviewTab() {
  const { t } = useTranslation('booking');
  const { session, timeZone } = useClassContext();
  const format = useFormat(timeZone);
  const now = useNow();
  const pending = usePending('sessions', session.id);
  const perform = useBookingActions();
  const actions = sessionActions(session, now);
  const block = bookingBlock(session, now);
  const offerOpen = actions.includes('confirm');
  const [promptOpen, setPromptOpen] = useState(false);
  // Arriving on a class with a place offered (e.g. from a notification) asks straight away.
  useEffect(() => {
    if (offerOpen) setPromptOpen(true);
  }, [offerOpen, session.id]);

  const names = instructorNames(session.instructors, t);
  const spaces = dropInSpacesLeft(session);
  const visible = actions.filter((a) => a !== 'confirm' && a !== 'decline');

  return (
    <div className="stack">
      <StatusBadges session={session} now={now} format={format} pending={pending} />
      <dl className="card class-detail__facts">
        <dt>{t('classes.when')}</dt>
        <dd>{format.weekdayDate(session.start_date)}, {format.timeRange(session.start_date, session.end_date)}</dd>
        {session.location && <><dt>{t('classes.where')}</dt><dd>{session.location}</dd></>}
        {names && <><dt>{t('classes.instructors')}</dt><dd>{names}</dd></>}
        <dt>{t('classes.places')}</dt>
        <dd>
          {t('classes.placesBooked', { booked: session.booked_count, capacity: session.capacity })}
          {session.waitlist_count > 0 && <> · {t('classes.waitlistCount', { count: session.waitlist_count })}</>}
        </dd>
        {session.dropin_spaces !== 0 && (
          <><dt>{t('classes.dropin')}</dt><dd>{spaces === null ? t('status.dropinUnlimited') : t('status.dropinSpaces', { count: spaces })}</dd></>
        )}
        <dt>{t('classes.cancelBy')}</dt>
        <dd>{format.weekdayDate(session.cancellation_close_date)} {format.time(session.cancellation_close_date)}</dd>
      </dl>
      {session.description && <p>{session.description}</p>}

      <div className="class-detail__actions">
        {block && block !== 'booked' && block !== 'pending' && block !== 'waitlisted' && (
          <p className="class-detail__why notice notice--info" data-testid="booking-block">
            {t(`block.${block}`, { when: `${format.weekdayDate(session.booking_open_date)} ${format.time(session.booking_open_date)}` })}
          </p>
        )}
        {actions.includes('latecancel') && <p className="notice notice--warning">{t('lateCancel.hint')}</p>}
        {offerOpen && (
          <div className="notice notice--warning">
            <p>{t('reservation.offered')}</p>
            <button type="button" className="btn btn--primary" onClick={() => setPromptOpen(true)}>{t('reservation.respond')}</button>
          </div>
        )}
        {visible.length > 0 && (
          <div className="btn-row">
            {visible.map((action) => (
              <button key={action} type="button" className={`btn ${buttonStyle[action]}`} onClick={() => void perform(action, session)} data-action={action}>
                {t(`actions.${action}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      <ReservationPrompt
        session={session}
        format={format}
        open={promptOpen && offerOpen}
        onClose={() => setPromptOpen(false)}
        onAnswer={(answer) => {
          setPromptOpen(false);
          void perform(answer, session);
        }}
      />
    </div>
  );
}
