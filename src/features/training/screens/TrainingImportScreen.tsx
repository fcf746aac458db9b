// /training/import: workouts from a CSV file (our own export, Strong, Hevy, any tracker with one
// row per set). Once a file is read, what will be imported and the Import button come first; below,
// the member checks which column holds what, which movement each exercise becomes (unknown ones
// are skipped unless chosen) and the first workouts as they will be made. Import queues them in
// the outbox (works offline). Each carries an import key, so a file imported
// again, here or on another device, adds nothing (see docs/decisions.md#training-import).
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router';
import type { WeightUnits, WorkoutInput } from '../../../../core/contract/types';
import {
  guessMapping, IMPORT_FIELDS, importKey, planImport, workoutKeySource, numberRepeats, type ColumnMapping, type CsvRow, type ImportField, type ImportPlan, type PlannedWorkout,
} from '../../../../core/rules/training/transfer';
import { usePageTitle } from '../../../ui/page-title';
import { useAuth, useFacilityTimeZone } from '../../../data/hooks/auth';
import { db } from '../../../data/db';
import { takeSharedFile } from '../../../data/shared-file';
import { useFormat } from '../../../i18n/useFormat';
import { PageHeader } from '../../../ui/page-header/index';
import { Button, ButtonLink } from '../../../ui/button/index';
import { Field } from '../../../ui/field/index';
import { FileButton } from '../../../ui/file-button/index';
import { useCommand } from '../../../ui/use-command';
import { importWorkouts } from '../commands';
import { useMovements, useRefreshTraining } from '../hooks';
import { asWorkout, readCsv } from './transfer-file';
import './training.css';

const PREVIEW_ROWS = 10;
const PROBLEMS_SHOWN = 20;

interface FileState {
  name: string;
  headers: string[];
  rows: CsvRow[];
}

/** Import keys of the planned workouts, and those the device already holds (imported, or the same rows logged here). */
function useKeys(plan: ImportPlan | null, orgId: number | null, version: number): { keys: string[]; held: Set<string> } | null {
  const [state, setState] = useState<{ plan: ImportPlan; keys: string[]; held: Set<string> } | null>(null);
  // Each workout's rows are hashed once while the screen is open, not again for every file chosen or log change.
  const hashed = useRef(new Map<string, Promise<string>>());
  useEffect(() => {
    const keyOf = (source: string) => {
      let key = hashed.current.get(source);
      if (!key) hashed.current.set(source, (key = importKey(source)));
      return key;
    };
    if (!plan || orgId === null) return;
    let live = true;
    void (async () => {
      const rows = await db.workouts.where('org_id').equals(orgId).toArray();
      // Oldest first, as the export writes them, so repeats are numbered as in its file.
      rows.sort((a, b) => a.completed_at.localeCompare(b.completed_at) || a.id - b.id);
      const own = await Promise.all(numberRepeats(rows.map((row) => workoutKeySource(asWorkout(row)))).map(keyOf));
      const held = new Set([...own, ...rows.flatMap((row) => (row.import_key ? [row.import_key] : []))]);
      const keys = await Promise.all(plan.workouts.map((w) => keyOf(w.keySource)));
      if (live) setState({ plan, keys, held });
    })();
    return () => {
      live = false;
    };
  }, [plan, orgId, version]);
  return state && state.plan === plan ? state : null;
}

export default function TrainingImportScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.trainingImport');
  useRefreshTraining();
  const auth = useAuth();
  const orgId = auth?.status === 'authenticated' ? auth.accountOrgId : null;
  const { timeZone } = useFacilityTimeZone();
  const format = useFormat(timeZone);
  const movements = useMovements();
  const run = useCommand();
  const [file, setFile] = useState<FileState | null>(null);
  // The chosen file's name, shown beside the button even when it could not be read.
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<'unreadable' | 'empty' | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [units, setUnits] = useState<WeightUnits>('kilograms');
  const [choices, setChoices] = useState<ReadonlyMap<string, number | null>>(new Map());
  const [result, setResult] = useState<{ added: number; skipped: number } | null>(null);
  const [version, setVersion] = useState(0);
  // Re-keyed when the log changes (a sync, an import): "already imported" follows it.
  const logCount = useLiveQuery(() => (orgId === null ? 0 : db.workouts.where('org_id').equals(orgId).count()), [orgId]);

  const plan = useMemo(
    () => (file && mapping && movements ? planImport(file.rows, { mapping, movements, choices, defaultWeightUnits: units, timeZone }) : null),
    [file, mapping, movements, choices, units, timeZone],
  );
  // Exercises without a movement of the same name, whatever the member chose for them since.
  const unmatched = useMemo(
    () => (file && mapping && movements ? planImport(file.rows, { mapping, movements, defaultWeightUnits: units, timeZone }).unknown : []),
    [file, mapping, movements, units, timeZone],
  );
  const keyed = useKeys(plan, orgId, version + (logCount ?? 0));
  const fresh = useMemo(() => {
    if (!plan || !keyed) return null;
    const seen = new Set(keyed.held);
    const list: (WorkoutInput & { import_key: string })[] = [];
    plan.workouts.forEach((w, i) => {
      const key = keyed.keys[i]!;
      if (seen.has(key)) return;
      seen.add(key);
      list.push({ ...w.input, import_key: key });
    });
    return list;
  }, [plan, keyed]);
  const already = plan && fresh ? plan.workouts.length - fresh.length : 0;

  const load = async (chosen: { name: string; text(): Promise<string> } | null) => {
    setResult(null);
    setFile(null);
    setMapping(null);
    setChoices(new Map());
    setReadError(null);
    setFileName(chosen?.name ?? null);
    if (!chosen) return;
    try {
      const parsed = await readCsv(await chosen.text());
      if (parsed.headers.length === 0 || parsed.rows.length === 0) {
        setReadError('empty');
        return;
      }
      setFile({ name: chosen.name, ...parsed });
      setMapping(guessMapping(parsed.headers));
    } catch {
      setReadError('unreadable');
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => load(event.target.files?.[0] ?? null);

  // A file shared from another app's share sheet (sw/share-target.ts): taken once, then the
  // address loses ?shared so a reload or Back does not look for it again.
  const [params, setParams] = useSearchParams();
  const [sharedFrom, setSharedFrom] = useState<string | null>(null);
  const wantsShared = params.get('shared') === '1';
  useEffect(() => {
    if (!wantsShared) return;
    setParams({}, { replace: true });
    void takeSharedFile().then((shared) => {
      if (!shared) return;
      setSharedFrom(shared.name);
      return load({ name: shared.name, text: () => Promise.resolve(shared.text) });
    }).catch(() => setReadError('unreadable'));
    // load only sets state; the file is taken once, when the address asks for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsShared]);

  const choose = (name: string, value: string) => {
    const next = new Map(choices);
    next.set(name.toLocaleLowerCase(), value === '' ? null : Number(value));
    setChoices(next);
  };

  const submit = async () => {
    if (!fresh) return;
    const outcome = await run(() => importWorkouts(fresh));
    if (outcome.ok) {
      setResult({ added: outcome.value.added, skipped: already + outcome.value.skipped });
      setVersion((v) => v + 1);
    }
  };

  return (
    <section className="page training" aria-labelledby="page-title">
      <PageHeader title={<span id="page-title">{title}</span>} actions={<ButtonLink to="/training">{t('training.backToLog')}</ButtonLink>} />
      <div className="stack">
        <p>{t('transfer.importIntro')}</p>
        <div className="training__import-file">
          <FileButton id="import-file" label={t('transfer.chooseFile')} icon="plus" accept=".csv,text/csv" onChange={(event) => void pick(event)} testId="import-file"
            status={fileName ?? t('transfer.noFile')} describedBy={readError ? 'import-file-hint import-file-error' : 'import-file-hint'} invalid={readError !== null} />
          <p id="import-file-hint" className="field__hint">{t('transfer.fileHint')}</p>
          {readError && <p id="import-file-error" className="field__error" role="alert" data-testid="import-file-error">{t(`transfer.readError.${readError}`)}</p>}
          {sharedFrom && sharedFrom === fileName && <p className="muted" data-testid="import-shared">{t('transfer.shared', { name: sharedFrom })}</p>}
        </div>

        {plan && (
          <div className="card training__import-ready" data-testid="import-ready">
            {fresh && (
              <p role="status" data-testid="import-summary">
                {t('transfer.toImport', { count: fresh.length })}
                {already > 0 && <> {t('transfer.already', { count: already })}</>}
              </p>
            )}
            <Button variant="primary" onClick={() => void submit()} disabled={!fresh || fresh.length === 0} data-testid="import-submit">
              {t('transfer.importButton', { count: fresh?.length ?? 0 })}
            </Button>
            <p className="muted text-sm">{t('transfer.checkBelow')}</p>
          </div>
        )}

        {result && (
          <div className="notice notice--info" role="status" data-testid="import-result">
            <p>{t('transfer.imported', { count: result.added })}{result.skipped > 0 && <> {t('transfer.already', { count: result.skipped })}</>}</p>
            <ButtonLink to="/training" size="sm">{t('transfer.seeLog')}</ButtonLink>
          </div>
        )}

        {file && mapping && (
          <section className="training__section" aria-labelledby="import-columns">
            <h2 id="import-columns">{t('transfer.columns')}</h2>
            <p className="muted">{t('transfer.columnsHint', { name: file.name, count: file.rows.length })}</p>
            <div className="training__mapping">
              {IMPORT_FIELDS.map((field: ImportField) => (
                <Field key={field} id={`import-col-${field}`} label={t(`transfer.fields.${field}`)}>
                  {(aria) => (
                    <select {...aria} value={mapping[field] ?? ''} onChange={(event) => setMapping({ ...mapping, [field]: event.target.value || null })}>
                      <option value="">{t('transfer.notInFile')}</option>
                      {file.headers.map((header) => <option key={header} value={header}>{header}</option>)}
                    </select>
                  )}
                </Field>
              ))}
              <Field id="import-units" label={t('transfer.defaultUnits')} hint={t('transfer.defaultUnitsHint')}>
                {(aria) => (
                  <select {...aria} value={units} onChange={(event) => setUnits(event.target.value as WeightUnits)}>
                    <option value="kilograms">{t('training.unitNames.kilograms')}</option>
                    <option value="pounds">{t('training.unitNames.pounds')}</option>
                  </select>
                )}
              </Field>
            </div>
          </section>
        )}

        {unmatched.length > 0 && (
          <section className="training__section" aria-labelledby="import-unknown" data-testid="import-unknown">
            <h2 id="import-unknown">{t('transfer.unknownHeading')}</h2>
            <p className="muted">{t('transfer.unknownHint')}</p>
            <div className="training__mapping">
              {unmatched.map(({ name, rows }, i) => (
                <Field key={name} id={`import-exercise-${i}`} label={t('transfer.exerciseRows', { name, count: rows })}>
                  {(aria) => (
                    <select {...aria} value={String(choices.get(name.toLocaleLowerCase()) ?? '')} onChange={(event) => choose(name, event.target.value)}>
                      <option value="">{t('transfer.skip')}</option>
                      {(movements ?? []).map((movement) => <option key={movement.id} value={movement.id}>{movement.name}</option>)}
                    </select>
                  )}
                </Field>
              ))}
            </div>
          </section>
        )}

        {plan && (
          <section className="training__section" aria-labelledby="import-preview">
            <h2 id="import-preview">{t('transfer.preview')}</h2>
            {plan.workouts.length > 0 && (
              <div className="training__preview" role="region" aria-labelledby="import-preview" tabIndex={0}>
                <table className="training-table" data-testid="import-preview">
                  <caption className="visually-hidden">{t('transfer.previewCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('training.date')}</th>
                      <th scope="col">{t('transfer.inFile')}</th>
                      <th scope="col">{t('transfer.becomes')}</th>
                      <th scope="col">{t('transfer.sets')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {plan.workouts.slice(0, PREVIEW_ROWS).map((w) => (
                      <tr key={w.lines[0]}>
                        <td>{format.dateTime(w.input.completed_at)}</td>
                        <td>{w.source}</td>
                        <td>{becomes(w, movements ?? [], t)}</td>
                        <td className="tabular">{w.input.type === 'lift' ? summary(w, format.number) : '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {plan.workouts.length > PREVIEW_ROWS && <p className="muted">{t('transfer.more', { count: plan.workouts.length - PREVIEW_ROWS })}</p>}
            {plan.errors.length > 0 && (
              <div className="notice notice--warning" data-testid="import-problems">
                <p>{t('transfer.problems', { count: plan.errors.length })}</p>
                <ul className="training__problems">
                  {plan.errors.slice(0, PROBLEMS_SHOWN).map((e, i) => (
                    <li key={`${e.line}-${i}`}>{t('transfer.line', { line: e.line })}: {t(`transfer.problem.${e.problem}`, { value: e.value })}</li>
                  ))}
                </ul>
              </div>
            )}
            {plan.skippedRows > 0 && <p className="muted">{t('transfer.skippedRows', { count: plan.skippedRows })}</p>}
            {plan.warmupRows > 0 && <p className="muted" data-testid="import-warmups">{t('transfer.warmups', { count: plan.warmupRows })}</p>}
          </section>
        )}
      </div>
    </section>
  );
}

function becomes(w: PlannedWorkout, movements: readonly { id: number; name: string }[], t: ReturnType<typeof useTranslation<'training'>>['t']): string {
  if (w.input.type === 'wod') return t('transfer.wod');
  const id = w.input.movement_id;
  return movements.find((m) => m.id === id)?.name ?? '';
}

function summary(w: PlannedWorkout, number: (value: number) => string): string {
  if (w.input.type !== 'lift') return '';
  return w.input.sets.map((set) => (set.values.weight ? `${number(set.repetitions)}×${number(set.values.weight.value)}` : number(set.repetitions))).join(', ');
}
