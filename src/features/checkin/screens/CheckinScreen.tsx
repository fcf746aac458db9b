// The member's check-in code for the chosen facility (issue 31, item 1): a QR code the front desk
// scans, changing every 30 s, and the same as digits to read out. Minted on the phone from the
// credential kept in IndexedDB, so it shows with the network cut; only setting it up needs the network.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../data/db';
import { useAuth, useFacility, useProfile } from '../../../data/hooks/auth';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { Button } from '../../../ui/button/index';
import { QrCode } from '../../../ui/qr/index';
import { useNow } from '../../booking/public';
import { CHECKIN_STEP_SECONDS, readCredential, typedDigits } from '../../../../core/rules/checkin-code';
import { codeAt, credentialKey, credentialState, provisionCredential, studioStep } from '../credential';
import './checkin.css';

/** Keeps the screen on while the code shows (a phone held out at the desk must not dim and lock); where the browser offers it. */
function useScreenKeptOn(on: boolean): void {
  useEffect(() => {
    if (!on || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (taken) => (live ? (lock = taken) : void taken.release()),
        () => undefined,
      );
    };
    take();
    // The browser lets the lock go when the page is hidden: taken again when it shows.
    document.addEventListener('visibilitychange', take);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, [on]);
}

export default function CheckinScreen() {
  const { t } = useTranslation('profile');
  const title = usePageTitle('titles.checkin');
  const auth = useAuth();
  const facility = useFacility();
  const profile = useProfile();
  const online = useOnline();
  // Every second: the countdown, and the code changes on the studio's 30-second steps.
  const now = useNow(1_000).getTime();
  const key = auth?.profileId != null && auth.facilityGuid ? credentialKey(auth.profileId, auth.facilityGuid) : null;
  const stored = useLiveQuery(async () => (key ? ((await db.checkinCredentials.get(key)) ?? null) : null), [key]);
  const [failed, setFailed] = useState(false);
  const state = stored === undefined ? undefined : credentialState(stored ?? undefined, now);

  // None here yet (or it ended): ask for one while online.
  const needed = state === 'missing' && online && !failed && auth?.profileId != null && auth.facilityGuid;
  useEffect(() => {
    if (!needed) return;
    provisionCredential(auth.profileId!, auth.facilityGuid!).catch(() => setFailed(true));
  }, [needed, auth?.profileId, auth?.facilityGuid]);

  const step = stored && state !== 'missing' ? studioStep(stored, now) : null;
  const [shown, setShown] = useState<{ step: number; code: string; otp: string } | null>(null);
  useEffect(() => {
    if (!stored || step === null) return;
    let live = true;
    void codeAt(stored, step).then((minted) => live && setShown({ step, ...minted }));
    return () => {
      live = false;
    };
  }, [stored, step]);

  useScreenKeptOn(Boolean(shown));
  const name = (stored && readCredential(stored.credential)?.name) || [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
  let body;
  if (state === undefined || (state === 'missing' && needed)) {
    body = <Spinner block label={t('checkin.settingUp')} />;
  } else if (state === 'missing' && failed) {
    body = <EmptyState icon="alert-triangle" title={t('checkin.failedTitle')} body={t('checkin.failedBody')} action={<Button variant="primary" onClick={() => setFailed(false)}>{t('checkin.retry')}</Button>} />;
  } else if (state === 'missing') {
    body = <EmptyState icon="cloud-off" title={t('checkin.offlineTitle')} body={t('checkin.offlineBody')} />;
  } else if (!shown || shown.step !== step || !stored) {
    body = <Spinner block />;
  } else {
    const left = CHECKIN_STEP_SECONDS - (Math.floor((now + stored.clockOffsetMs) / 1000) % CHECKIN_STEP_SECONDS);
    body = (
      <div className="checkin card">
        <QrCode text={shown.code} label={t('checkin.qrLabel', { name })} className="checkin__qr" />
        <p className="checkin__name">{name}</p>
        {facility && <p className="checkin__where">{facility.name}</p>}
        <p className="checkin__digits" aria-label={t('checkin.digitsLabel')} data-testid="checkin-digits">{typedDigits(stored.id, shown.otp)}</p>
        <p className="checkin__changes" aria-live="off">{t('checkin.changes', { count: left })}</p>
        <p className="checkin__help">{t('checkin.help')}</p>
      </div>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {body}
    </section>
  );
}
