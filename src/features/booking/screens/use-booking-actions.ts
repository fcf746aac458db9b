// Runs a member's booking action through its command: the change is saved on the device at once
// (and sent by the outbox), the progress box says so, and a late cancel is confirmed first.
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Session } from '../../../../core/contract/types';
import type { VisitAction } from '../../../../core/rules/visit';
import {
  book, cancelBooking, confirmOffer, declineOffer, dropIn, joinWaitlist, lateCancel, removeFromWaitlist, CommandRefused,
} from '../commands';
import { useCommand, type ConfirmOptions } from '../../../ui/use-command';
import type { ParseKeys } from 'i18next';

const steps: Record<VisitAction, { run: (sessionId: number) => Promise<unknown>; loading: ParseKeys<'booking'>; done: ParseKeys<'booking'> }> = {
  book: { run: book, loading: 'toast.booking', done: 'toast.booked' },
  dropin: { run: dropIn, loading: 'toast.booking', done: 'toast.droppedIn' },
  waitlist: { run: joinWaitlist, loading: 'toast.waitlisting', done: 'toast.waitlisted' },
  cancel: { run: cancelBooking, loading: 'toast.cancelling', done: 'toast.cancelled' },
  latecancel: { run: lateCancel, loading: 'toast.cancelling', done: 'toast.cancelled' },
  remove: { run: removeFromWaitlist, loading: 'toast.removing', done: 'toast.removed' },
  confirm: { run: confirmOffer, loading: 'toast.confirming', done: 'toast.confirmed' },
  decline: { run: declineOffer, loading: 'toast.declining', done: 'toast.declined' },
};

/** `ask` puts a question first (e.g. the bell's decline); a late cancel always asks its own. */
export function useBookingActions(): (action: VisitAction, session: Pick<Session, 'id'>, ask?: ConfirmOptions) => Promise<boolean> {
  const { t } = useTranslation('booking');
  const run = useCommand();
  return useCallback(
    async (action, session, ask) => {
      const step = steps[action];
      const result = await run(() => step.run(session.id), {
        confirm: action === 'latecancel'
          ? {
            title: t('lateCancel.title'),
            body: t('lateCancel.body'),
            confirmLabel: t('lateCancel.confirm'),
            cancelLabel: t('lateCancel.keep'),
            danger: true,
          }
          : ask,
        loading: t(step.loading),
        success: t(step.done),
        describe: (error) => (error instanceof CommandRefused ? t(`block.${error.reason}`) : undefined),
      });
      return result.ok;
    },
    [run, t],
  );
}
