// "Confirm reservation" (see docs/rules.md#waitlist): confirm or decline the place offered for a class.
import { useTranslation } from '../../../i18n/use-translation';
import type { Session } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { Modal } from '../../../ui/modal/index';
import { Button } from '../../../ui/button/index';

export function ReservationPrompt({ session, format, open, onClose, onAnswer }: {
  session: Session;
  format: Formatter;
  open: boolean;
  onClose: () => void;
  onAnswer: (answer: 'confirm' | 'decline') => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('reservation.title')}
      footer={
        <div className="btn-row">
          <Button variant="primary" onClick={() => onAnswer('confirm')}>{t('reservation.confirm')}</Button>
          <Button  onClick={() => onAnswer('decline')}>{t('reservation.decline')}</Button>
        </div>
      }
    >
      <p>{t('reservation.body', { name: session.name, time: format.time(session.start_date), date: format.weekdayDate(session.start_date) })}</p>
      {session.visit?.offer_expires_at && <p className="muted">{t('reservation.expires', { time: format.time(session.visit.offer_expires_at) })}</p>}
    </Modal>
  );
}
