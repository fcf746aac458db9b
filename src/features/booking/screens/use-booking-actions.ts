// Runs a member's booking action through its command: the change is saved on the device at once
// (and sent by the outbox), the progress box says so, and a late cancel is confirmed first.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../../core/contract/types';
import type { VisitAction } from '../../../../core/rules/visit';
import {
  book, cancelBooking, confirmOffer, declineOffer, dropIn, joinWaitlist, lateCancel, removeFromWaitlist, CommandRefused,
} from '../commands';
import { useConfirm } from '../../../ui/modal/index';
import { progress } from '../../../ui/progress/index';
import { describeError } from '../../../ui/describe-error';

const steps: Record<VisitAction, { run: (sessionId: number) => Promise<unknown>; loading: string; done: string }> = {
  book: { run: book, loading: 'toast.booking', done: 'toast.booked' },
  dropin: { run: dropIn, loading: 'toast.booking', done: 'toast.droppedIn' },
  waitlist: { run: joinWaitlist, loading: 'toast.waitlisting', done: 'toast.waitlisted' },
  cancel: { run: cancelBooking, loading: 'toast.cancelling', done: 'toast.cancelled' },
  latecancel: { run: lateCancel, loading: 'toast.cancelling', done: 'toast.cancelled' },
  remove: { run: removeFromWaitlist, loading: 'toast.removing', done: 'toast.removed' },
  confirm: { run: confirmOffer, loading: 'toast.confirming', done: 'toast.confirmed' },
  decline: { run: declineOffer, loading: 'toast.declining', done: 'toast.declined' },
};

export function useBookingActions(): (action: VisitAction, session: Pick<Session, 'id'>) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return useCallback(
    async (action, session) => {
      if (action === 'latecancel') {
        const ok = await confirm({
          title: t('lateCancel.title'),
          body: t('lateCancel.body'),
          confirmLabel: t('lateCancel.confirm'),
          cancelLabel: t('lateCancel.keep'),
          danger: true,
        });
        if (!ok) return false;
      }
      const step = steps[action];
      progress.start(t(step.loading));
      try {
        await step.run(session.id);
        progress.success(t(step.done));
        return true;
      } catch (error) {
        progress.error(error instanceof CommandRefused ? t(`block.${error.reason}`) : describeError(error, t));
        return false;
      }
    },
    [confirm, t],
  );
}
