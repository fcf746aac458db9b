// Steps 4 and 5: what pays (with what is left), then the summary and Book. Both show the hold's
// remaining time; a lapsed hold (seen here or refused by the server) offers the nearest free times.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { StoredAppointment, StoredStaff } from '../../../data/db';
import { ApiError } from '../../../data/api/errors';
import { newEntryId } from '../../../data/sync/outbox';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { bookHold, releaseHold } from '../holding';
import { describeError } from '../../../ui/describe-error';
import { ConcessionText, paidAtStudio } from './ConcessionText';
import { HoldPanel } from './HoldPanel';
import { stepPath, useChoice } from './use-choice';
import { ButtonLink } from '../../../ui/button/index';

interface Props {
  step: 'concession' | 'confirm';
  hold: StoredAppointment | null | undefined;
  staff: StoredStaff[] | undefined;
  timeZone: string;
  facilityName: string;
}

export function PayStep({ step, hold, staff, timeZone, facilityName }: Props) {
  const { t } = useTranslation('appointments');
  const format = useFormat(timeZone);
  const { choice, go } = useChoice();
  const navigate = useNavigate();
  const online = useOnline();
  const run = useCommand();
  const [lapsed, setLapsed] = useState(false);
  const [bookKey] = useState(newEntryId);
  const [releaseKey] = useState(newEntryId);
  const { t: tShell } = useTranslation();
  if (hold === undefined || staff === undefined) return <Spinner block />;
  if (hold === null) {
    return <EmptyState title={t('confirm.noHold')} action={<ButtonLink variant="primary" to={stepPath(choice.serviceId ? 'time' : '', { ...choice, hold: null })}>{t('time.choose')}</ButtonLink>} />;
  }
  const facts = [
    { id: 'what', label: t('detail.what'), value: <>{hold.service.name}{hold.end_at && ` · ${format.minutes((Date.parse(hold.end_at) - Date.parse(hold.start_at)) / 60_000)}`}</> },
    { id: 'who', label: t('detail.who'), value: hold.staff.full_name },
    { id: 'when', label: t('detail.when'), value: <>{format.weekdayDate(hold.start_at)}, {format.timeRange(hold.start_at, hold.end_at ?? hold.start_at)}</> },
    { id: 'where', label: t('detail.where'), value: facilityName },
    { id: 'paid', label: t('concession.title'), value: <ConcessionText appointment={hold} format={format} /> },
  ];

  async function book() {
    // Refused for any reason but a lapsed hold (which offers the nearest times): the time is let go.
    const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.code !== 'hold_expired';
    const result = await run(() => bookHold(hold!.id, hold!.facility_guid, bookKey), {
      loading: t('confirm.booking'),
      success: t('confirm.booked'),
      describe: (error) => (refused(error) ? `${describeError(error, tShell)} ${t('confirm.released')}` : undefined),
    });
    if (result.ok) navigate(`/appointments/${hold!.id}`, { replace: true });
    else if (!result.cancelled && result.error instanceof ApiError && result.error.code === 'hold_expired') setLapsed(true);
    else if (!result.cancelled && refused(result.error)) {
      await releaseHold(hold!.id, hold!.facility_guid, releaseKey).catch(() => undefined);
      go('time', { hold: null });
    }
  }

  return (
    <>
      <h2 className="appt-step__title">{step === 'concession' ? t('concession.title') : t('confirm.title')}</h2>
      <HoldPanel hold={hold} staff={staff} timeZone={timeZone} lapsed={lapsed} />
      <Card>
        {step === 'concession' ? (
          <p data-testid="concession"><ConcessionText appointment={hold} format={format} /></p>
        ) : (
          <KeyValueList testId="appointment-summary" items={facts} />
        )}
      </Card>
      <div className="appt-actions">
        {step === 'concession' ? (
          <Button variant="primary" block onClick={() => go('confirm')}>{t('concession.continue')}</Button>
        ) : (
          <Button variant="primary" block disabled={!online || hold.status !== 'held' || lapsed} onClick={() => void book()}>{paidAtStudio(hold) ? t('confirm.bookAtStudio') : t('confirm.book')}</Button>
        )}
      </div>
    </>
  );
}
