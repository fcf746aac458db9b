// The front desk (/desk, issue 31 item 1): the studio's tablet scans members' check-in codes or
// takes their digits, and marks them in. Set up once online with the admin token (exchanged for a
// desk token of one facility; the admin token is not kept), it then works with the network cut:
// it verifies codes with the facility's public key and today's list, keeps the check-ins and sends
// them, exactly once, when it can.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { Field } from '../../../ui/field/index';
import { Button } from '../../../ui/button/index';
import { Spinner } from '../../../ui/spinner/index';
import { useFormat } from '../../../i18n/useFormat';
import { describeCode, describeError } from '../../../ui/describe-error';
import type { DeskFacilities } from '../../../../core/contract/checkin';
import { deskFacilityChoices, refreshRoster, setUpDesk, signOutThisDesk } from '../desk/session';
import { ApiError } from '../../../data/api/errors';
import { flushDesk, subscribeDesk, takeCheckin, type DeskRefusal } from '../desk/queue';
import { forgetSignIn, listCheckins, readRoster, readSignIn, type DeskCheckin, type DeskRosterKept, type DeskSignIn } from '../desk/store';
import { Scanner } from '../desk/Scanner';
import './desk.css';

type Loaded = { signIn: DeskSignIn | null; roster: DeskRosterKept | null };

export default function DeskScreen() {
  const title = usePageTitle('titles.desk');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    void Promise.all([readSignIn(), readRoster()]).then(([signIn, roster]) => setLoaded({ signIn, roster }));
  }, []);
  return (
    <main className="desk page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {!loaded ? <Spinner block /> : loaded.signIn ? <Desk signIn={loaded.signIn} initialRoster={loaded.roster} onSignedOut={() => setLoaded({ signIn: null, roster: null })} /> : <DeskSignInForm onSignedIn={(signIn, roster) => setLoaded({ signIn, roster })} />}
    </main>
  );
}

function DeskSignInForm({ onSignedIn }: { onSignedIn: (signIn: DeskSignIn, roster: DeskRosterKept | null) => void }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const online = useOnline();
  const [token, setToken] = useState('');
  const [facilities, setFacilities] = useState<DeskFacilities['facilities'] | null>(null);
  const [facilityId, setFacilityId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!token.trim()) return setError(t('desk.tokenRequired'));
    setBusy(true);
    try {
      if (!facilities) {
        const list = await deskFacilityChoices(token.trim());
        setFacilities(list);
        setFacilityId(String(list[0]?.id ?? ''));
        return;
      }
      const { signIn, roster } = await setUpDesk(token.trim(), Number(facilityId));
      onSignedIn(signIn, roster);
    } catch (caught) {
      setError(describeError(caught, tShell));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card desk__card" onSubmit={(event) => void submit(event)} noValidate>
      <p className="desk__muted">{t('desk.setUpIntro')}</p>
      <Field id="desk-token" label={t('desk.adminToken')} error={error ?? undefined}>
        {(aria) => <input {...aria} className="input" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} disabled={Boolean(facilities)} />}
      </Field>
      {facilities && (
        <Field id="desk-facility" label={t('desk.facility')}>
          {(aria) => (
            <select {...aria} className="input" value={facilityId} onChange={(e) => setFacilityId(e.target.value)}>
              {facilities.map((f) => (
                <option key={f.id} value={f.id}>{`${f.name} · ${f.org_name}`}</option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!online && <p className="desk__muted" role="status">{t('desk.setUpOffline')}</p>}
      <Button type="submit" variant="primary" block disabled={busy || !online}>{facilities ? t('desk.setUp') : t('desk.continue')}</Button>
    </form>
  );
}

function Desk({ signIn, initialRoster, onSignedOut }: { signIn: DeskSignIn; initialRoster: DeskRosterKept | null; onSignedOut: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const online = useOnline();
  const format = useFormat(signIn.facility.time_zone);
  const [roster, setRoster] = useState(initialRoster);
  const [checkins, setCheckins] = useState<DeskCheckin[]>([]);
  const [scanning, setScanning] = useState(false);
  const [digits, setDigits] = useState('');
  const [last, setLast] = useState<DeskCheckin | { refused: DeskRefusal } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);

  const reload = useCallback(() => void listCheckins().then(setCheckins), []);
  useEffect(() => {
    reload();
    return subscribeDesk(reload);
  }, [reload]);
  // Online: today's list again, and what was kept meanwhile goes out.
  useEffect(() => {
    if (!online) return;
    void flushDesk(signIn.token);
    refreshRoster(signIn).then(setRoster, (error: unknown) => {
      // The desk token was revoked (signed out elsewhere): set up again; what is queued stays and goes with the new token.
      if (error instanceof ApiError && error.status === 401) setRevoked(true);
    });
  }, [online, signIn]);

  const take = async (input: { code: string } | { digits: string }) => {
    setScanning(false);
    const kept = (await readRoster()) ?? roster;
    if (!kept) return setProblem(t('desk.noRoster'));
    setProblem(null);
    // Taken and, online, already answered: shown as the desk now keeps it.
    const result = await takeCheckin(input, kept, signIn);
    setLast('key' in result ? ((await listCheckins()).find((c) => c.key === result.key) ?? result) : result);
    setRoster(await readRoster());
  };
  const submitDigits = (event: FormEvent) => {
    event.preventDefault();
    if (!digits.trim()) return;
    void take({ digits }).then(() => setDigits(''));
  };
  const queued = checkins.filter((c) => c.sync === 'queued').length;
  const signOut = async () => {
    if (queued > 0) return setProblem(t('desk.signOutQueued', { count: queued }));
    await signOutThisDesk(signIn);
    onSignedOut();
  };
  // The desk's own refusals and the server's (checkin_<reason>) in the same words.
  const refusalText = (c: DeskCheckin) => (c.refusal ? describeCode(c.refusal.code, tShell) || c.refusal.message : '');
  const classLine = (c: DeskCheckin) => (c.session ? `${c.session.name} · ${format.timeRange(c.session.start_at, c.session.end_at)}` : t('desk.noBooking'));

  if (revoked) {
    return (
      <div className="card desk__card">
        <p className="desk__problem" role="alert">{describeCode('desk_unauthorized', tShell)}</p>
        <Button variant="primary" block onClick={() => void forgetSignIn().then(onSignedOut)}>{t('desk.setUpAgain')}</Button>
      </div>
    );
  }
  return (
    <>
      <div className="card desk__card">
        <p className="desk__facility">{signIn.facility.name}</p>
        <p className="desk__muted" role="status">
          {online ? '' : `${t('desk.offline')} · `}
          {roster ? t('desk.rosterFrom', { time: format.time(roster.fetchedAt), count: roster.roster.bookings.length }) : t('desk.noRoster')}
        </p>
        {queued > 0 && <p className="desk__muted" data-testid="desk-queued">{t('desk.queued', { count: queued })}</p>}
      </div>

      <div className="card desk__card">
        {scanning ? (
          <>
            <Scanner onRead={(code) => void take({ code })} />
            <Button block onClick={() => setScanning(false)}>{t('desk.stopScan')}</Button>
          </>
        ) : (
          <Button variant="primary" block onClick={() => { setLast(null); setScanning(true); }} data-testid="desk-scan">{last ? t('desk.scanNext') : t('desk.scan')}</Button>
        )}
        <form className="desk__digits" onSubmit={submitDigits}>
          <Field id="desk-digits" label={t('desk.digits')}>
            {(aria) => <input {...aria} className="input" inputMode="numeric" autoComplete="off" value={digits} onChange={(e) => setDigits(e.target.value)} />}
          </Field>
          <Button type="submit">{t('desk.checkIn')}</Button>
        </form>
        {problem && <p className="desk__problem" role="alert">{problem}</p>}
        {last && (
          <div className={`desk__result ${'refused' in last || last.sync === 'refused' ? 'desk__result--refused' : 'desk__result--ok'}`} role="status" data-testid="desk-result">
            {'refused' in last ? (
              <p className="desk__result-title">{describeCode(`checkin_${last.refused}`, tShell)}</p>
            ) : (
              <>
                <p className="desk__result-title">{last.name || t('desk.someone')}</p>
                <p>{classLine(last)}</p>
                <p>{last.sync === 'refused' ? refusalText(last) : t(`desk.status.${last.result?.status ?? last.localStatus}`)}</p>
              </>
            )}
          </div>
        )}
      </div>

      {checkins.length > 0 && (
        <section className="card desk__card" aria-labelledby="desk-recent">
          <h2 id="desk-recent" className="desk__heading">{t('desk.recent')}</h2>
          <ul className="desk__list">
            {checkins.slice(0, 20).map((c) => (
              <li key={c.key} className="desk__row" data-testid="desk-row">
                <span className="desk__row-name">{c.name || t('desk.someone')}</span>
                <span className="desk__muted">{format.time(c.scannedAt)} · {classLine(c)}</span>
                <span className="desk__muted">{c.sync === 'queued' ? t('desk.sync.queued') : c.sync === 'sent' ? t(`desk.status.${c.result!.status}`) : refusalText(c)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Button variant="ghost" block onClick={() => void signOut()}>{t('desk.signOut')}</Button>
    </>
  );
}
