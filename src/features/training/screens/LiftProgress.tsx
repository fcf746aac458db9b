// The movement page's progress: a chart of the estimated one-rep max and the best set per lift with
// records marked (uPlot, in its own chunk imported only here), its one-sentence summary as the
// chart's accessible name, and the same points as a table for screen readers and everyone.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { TFunction } from 'i18next';
import type { LiftWorkout, WeightUnits } from '../../../../core/contract/types';
import { hasWeight } from '../../../../core/rules/training/lift';
import { liftProgress, progressTrend, type ProgressPoint } from '../../../../core/rules/training/progress';
import { INTL_LOCALE, type Formatter } from '../../../i18n/format';
import { formatMeasurement } from './score-format';

/** "Estimated 1RM rose from 80 kg to 100 kg between 3rd Mar 2026 and 20th May 2026. Records so far: 4." */
export function progressSummary(points: ProgressPoint[], units: WeightUnits, format: Formatter, t: TFunction<'training'>): string {
  const trend = progressTrend(points);
  if (!trend) return '';
  const weight = (value: number) => formatMeasurement({ value, units }, format);
  const values = { from: weight(trend.from.value), to: weight(trend.to.value), start: format.date(trend.from.at), end: format.date(trend.to.at) };
  const sentence = t(`training.progress.summary.${trend.metric}.${trend.direction}`, values);
  const records = points.filter((p) => p.estimate_record || p.weight_record).length;
  return records > 0 ? `${sentence} ${t('training.progress.records', { value: format.number(records) })}` : sentence;
}

/** Bumps when the member's theme or the system scheme changes, so the chart redraws in the new colours. */
function useSchemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    query?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      query?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

/** The chart: uPlot is imported when it first shows (a chunk the service worker precaches, so offline too). */
function ProgressChart({ points, units, label, format }: { points: ProgressPoint[]; units: WeightUnits; label: string; format: Formatter }) {
  const { t } = useTranslation('training');
  const host = useRef<HTMLDivElement>(null);
  const scheme = useSchemeVersion();
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let dispose: (() => void) | undefined;
    let gone = false;
    void import('./progress-chart').then(({ drawProgressChart }) => {
      if (gone) return;
      dispose = drawProgressChart(element, {
        times: points.map((p) => Date.parse(p.completed_at) / 1000),
        estimates: points.map((p) => p.estimated_one_rep_max),
        sets: points.map((p) => p.best_set.weight),
        estimateRecords: points.map((p) => (p.estimate_record ? p.estimated_one_rep_max : null)),
        weightRecords: points.map((p) => (p.weight_record ? p.best_set.weight : null)),
        label,
        locale: INTL_LOCALE[format.locale],
        timeZone: format.timeZone,
        valueTick: (value) => format.number(value, { maximumFractionDigits: 1 }),
      });
    }, () => undefined); // Not loaded (offline before the precache): the table below still has every point.
    return () => {
      gone = true;
      dispose?.();
    };
  }, [points, label, format, scheme]);
  return (
    <div className="card lift-progress__card">
      <div ref={host} className="lift-progress__chart" />
      <ul className="lift-progress__legend" aria-hidden="true">
        <li><span className="lift-progress__key lift-progress__key--line" />{t('training.progress.estimate')}</li>
        <li><span className="lift-progress__key lift-progress__key--set" />{t('training.progress.bestSet')}</li>
        <li><span className="lift-progress__key lift-progress__key--record" />{t('training.progress.record')}</li>
        <li className="lift-progress__units">{t(`training.unitShort.${units}`)}</li>
      </ul>
    </div>
  );
}

/** A date that may wrap only before its last word (the year), so a narrow table keeps "22nd Oct" together. */
function yearOnNextLine(date: string): string {
  return date.replace(/\s+(?=\S+\s)/g, '\u00a0');
}

/** A record marked beside its value: a star for the eye, the word for a screen reader. */
function RecordMark({ kind }: { kind: 'estimate' | 'weight' }) {
  const { t } = useTranslation('training');
  const text = t(`training.progress.recordKinds.${kind}`);
  return (
    <span className="lift-progress__record" title={text}>
      <span aria-hidden="true">★</span>
      <span className="visually-hidden"> ({text})</span>
    </span>
  );
}

function ProgressTable({ points, units, movement, format }: { points: ProgressPoint[]; units: WeightUnits; movement: string; format: Formatter }) {
  const { t } = useTranslation('training');
  // The units once, in the column heads, so three columns fit a 320 px phone.
  const weight = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const head = (property: string) => t('training.valueIn', { property, units: t(`training.unitShort.${units}`) });
  const captionId = useId();
  return (
    <details className="lift-progress__details" data-testid="lift-progress-details">
      <summary>{t('training.progress.showTable')}</summary>
      <p className="muted text-sm">{t('training.progress.recordKey')}</p>
      {/* Three columns fit a 320 px phone; were a language's words ever too long, the box scrolls
          sideways with a shadow at the cut edge, and is focusable so a keyboard can scroll it. */}
      <div className="card card--flush training__table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="training-table lift-progress__table" data-testid="lift-progress-table">
          <caption id={captionId} className="visually-hidden">{t('training.progress.caption', { movement })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('training.date')}</th>
              <th scope="col">{head(t('training.progress.estimate'))}</th>
              <th scope="col">{head(t('training.progress.bestSet'))}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.workout_id} data-testid="lift-progress-row" data-record={point.estimate_record || point.weight_record || undefined}>
                <th scope="row">{yearOnNextLine(format.date(point.completed_at))}</th>
                <td className="tabular">
                  {point.estimated_one_rep_max === null ? '–' : weight(point.estimated_one_rep_max)}
                  {point.estimate_record && <RecordMark kind="estimate" />}
                </td>
                <td className="tabular">
                  {t('training.progress.setValue', { weight: weight(point.best_set.weight), reps: format.number(point.best_set.repetitions) })}
                  {point.weight_record && <RecordMark kind="weight" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The progress section of one movement; nothing for a movement without weight. */
export function LiftProgress({ history, units, movement, format }: { history: LiftWorkout[]; units: WeightUnits; movement: string; format: Formatter }) {
  const { t } = useTranslation('training');
  const points = useMemo(() => liftProgress(history, units), [history, units]);
  if (!history.some((lift) => hasWeight(lift.movement))) return null;
  return (
    <div className="training__section" data-testid="lift-progress">
      <h2>{t('training.progress.title')}</h2>
      {points.length < 2 ? (
        <p className="muted" data-testid="lift-progress-few">{t('training.progress.tooFew')}</p>
      ) : (
        <>
          <ProgressChart points={points} units={units} label={progressSummary(points, units, format, t)} format={format} />
          <ProgressTable points={points} units={units} movement={movement} format={format} />
        </>
      )}
    </div>
  );
}
