// /training/export: the whole training log as CSV or JSON, made on the device. Online, the log is
// fetched first (GET /workouts answers every workout, unpaged); offline, the file holds the
// workouts this device has and says so.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLiveQuery } from 'dexie-react-hooks';
import { format } from 'date-fns';
import { usePageTitle } from '../../../ui/page-title';
import { useAuth } from '../../../data/hooks/auth';
import { db } from '../../../data/db';
import type { RefreshResult } from '../../../data/sync/pull';
import { PageHeader } from '../../../ui/page-header/index';
import { Button, ButtonLink } from '../../../ui/button/index';
import { Spinner } from '../../../ui/spinner/index';
import { EXPORT_COLUMNS, workoutsToJson, workoutsToRows } from '../../../../core/rules/training/transfer';
import { pullWorkouts } from '../pull';
import { asWorkout, saveFile, writeCsv } from './transfer-file';
import './training.css';

type Kind = 'csv' | 'json';

export default function TrainingExportScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.trainingExport');
  const auth = useAuth();
  const orgId = auth?.status === 'authenticated' ? auth.accountOrgId : null;
  const [pull, setPull] = useState<RefreshResult | 'loading'>('loading');
  const [done, setDone] = useState<{ count: number; whole: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const count = useLiveQuery(() => (orgId === null ? 0 : db.workouts.where('org_id').equals(orgId).count()), [orgId]);

  useEffect(() => {
    let live = true;
    pullWorkouts({ force: true }).then((result) => live && setPull(result), () => live && setPull('error'));
    return () => {
      live = false;
    };
  }, []);
  const whole = pull === 'fetched' || pull === 'fresh';

  const download = async (kind: Kind) => {
    if (orgId === null) return;
    setBusy(true);
    try {
      const workouts = (await db.workouts.where('org_id').equals(orgId).toArray()).map(asWorkout);
      const stamp = new Date();
      // The member's date (the device's zone), not UTC's: 10:56 on 27 November in Auckland is the 26th in UTC.
      const name = `training-log-${format(stamp, 'yyyy-MM-dd')}`;
      if (kind === 'csv') saveFile(await writeCsv(workoutsToRows(workouts), EXPORT_COLUMNS), `${name}.csv`, 'text/csv;charset=utf-8');
      else saveFile(workoutsToJson(workouts, stamp), `${name}.json`, 'application/json');
      setDone({ count: workouts.length, whole });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page training" aria-labelledby="page-title">
      <PageHeader title={<span id="page-title">{title}</span>} actions={<ButtonLink to="/training">{t('training.backToLog')}</ButtonLink>} />
      <div className="stack">
        <p>{t('transfer.exportIntro')}</p>
        {pull === 'loading' ? (
          <p role="status" className="training__transfer-status"><Spinner size="sm" decorative /> {t('transfer.exportLoading')}</p>
        ) : (
          <p role="status" data-testid="export-status" className={whole ? undefined : 'notice notice--warning'}>
            {whole ? t('transfer.exportWhole', { count: count ?? 0 }) : t('transfer.exportDevice', { count: count ?? 0 })}
          </p>
        )}
        <div className="training__transfer-actions">
          <Button variant="primary" onClick={() => void download('csv')} disabled={busy || orgId === null} data-testid="export-csv">{t('transfer.exportCsv')}</Button>
          <Button onClick={() => void download('json')} disabled={busy || orgId === null} data-testid="export-json">{t('transfer.exportJson')}</Button>
        </div>
        {done && (
          <p className="notice notice--info" role="status" data-testid="export-done">
            {done.whole ? t('transfer.exported', { count: done.count }) : t('transfer.exportedDevice', { count: done.count })}
          </p>
        )}
        <p><ButtonLink to="/training/import">{t('transfer.importLink')}</ButtonLink></p>
      </div>
    </section>
  );
}
