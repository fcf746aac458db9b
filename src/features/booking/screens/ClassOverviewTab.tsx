// The overview of a class: when, where, who teaches, places, and every action the rules allow (see docs/rules.md#booking),
// with the reason when booking is not possible and its way out (BookingHelp) rather than a missing button.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useClassContext } from './ClassDetailScreen';
import { StatusBadges } from './StatusBadges';
import { ReservationPrompt } from './ReservationPrompt';
import { ConcessionLine } from './ConcessionLine';
import { EveryWeek, WhyNotBookable } from './BookingHelp';
import { WaitlistPosition, OfferCountdown } from './WaitlistStanding';
import { instructorNames } from './instructors';
import { useBookingActions } from './use-booking-actions';
import { useNow } from './use-now';
import { useFormat } from '../../../i18n/useFormat';
import { usePending } from '../../../data/hooks/pending';
import { dropInSpacesLeft } from '../../../../core/rules/session';
import { sessionActions, type VisitAction } from '../../../../core/rules/visit';
import { Button, type ButtonVariant } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Cluster } from '../../../ui/layout/index';

const buttonVariant: Record<VisitAction, ButtonVariant> = {
  book: 'primary', dropin: 'secondary', waitlist: 'primary', cancel: 'danger', latecancel: 'danger',
  remove: 'secondary', confirm: 'primary', decline: 'secondary',
};

export default function ClassOverviewTab() {
  const { t } = useTranslation('booking');
  const { session, timeZone } = useClassContext();
  const format = useFormat(timeZone);
  const now = useNow();
  const pending = usePending('sessions', session.id);
  const perform = useBookingActions();
  const actions = sessionActions(session, now);
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
      <Card>
        <KeyValueList testId="class-facts" items={[
          { id: 'when', label: t('classes.when'), value: <>{format.weekdayDate(session.start_date)}, {format.timeRange(session.start_date, session.end_date)}</> },
          Boolean(session.location) && { id: 'where', label: t('classes.where'), value: session.location },
          Boolean(names) && { id: 'instructors', label: t('classes.instructors'), value: names },
          {
            id: 'places',
            label: t('classes.places'),
            value: <>
              {t('classes.placesBooked', { booked: session.booked_count, capacity: session.capacity })}
              {session.waitlist_count > 0 && <> · {t('classes.waitlistCount', { count: session.waitlist_count })}</>}
            </>,
          },
          // Like the badge: only while Drop in is offered (a full class has no space to drop in to).
          actions.includes('dropin') && { id: 'dropin', label: t('classes.dropin'), value: spaces === null ? t('status.dropinUnlimited') : t('status.dropinSpaces', { count: spaces }) },
          { id: 'cancel-by', label: t('classes.cancelBy'), value: <>{format.weekdayDate(session.cancellation_close_date)} {format.time(session.cancellation_close_date)}</> },
        ]} />
      </Card>
      {session.description && <p>{session.description}</p>}
      {session.course && <p className="class-detail__course"><Link to={`/courses/${session.course.id}`}>{t('classes.partOf', { name: session.course.name })}</Link></p>}

      <div className="class-detail__actions">
        <WhyNotBookable session={session} now={now} format={format} />
        {/* On the waitlist at once (the device's own guess), with the place in line once the studio has counted it. */}
        {session.visit?.state === 'waitlisted' && (
          <p className="notice notice--info" data-testid="waitlist-standing">
            {session.visit.waitlist_position ? <WaitlistPosition position={session.visit.waitlist_position} /> : t('block.waitlisted')}
          </p>
        )}
        <ConcessionLine session={session} format={format} canBook={actions.includes('book') || actions.includes('dropin') || offerOpen} />
        {actions.includes('latecancel') && <p className="notice notice--warning">{t('lateCancel.hint')}</p>}
        {offerOpen && (
          <div className="notice notice--warning">
            <p>{t('reservation.offered')}</p>
            {session.visit?.offer_expires_at && <p><OfferCountdown expiresAt={session.visit.offer_expires_at} /></p>}
            <Button variant="primary" onClick={() => setPromptOpen(true)}>{t('reservation.respond')}</Button>
          </div>
        )}
        {visible.length > 0 && (
          <Cluster>
            {visible.map((action) => (
              <Button key={action} variant={buttonVariant[action]} onClick={() => void perform(action, session)} data-action={action}>
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Cluster>
        )}
        <EveryWeek session={session} timeZone={timeZone} now={now} format={format} />
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
