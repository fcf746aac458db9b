// The movement page's progress: a chart of the estimated one-rep max and the best set per lift with
// records marked (uPlot, loaded only here, in its own chunk), its one-sentence summary as the
// chart's accessible name, and the same points as a table for screen readers and everyone.
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LiftWorkout, WeightUnits } from '../../../../core/contract/types';
import { hasWeight } from '../../../../core/rules/training/lift';
import { liftProgress, progressTrend, type ProgressPoint } from '../../../../core/rules/training/progress';
import type { Formatter } from '../../../i18n/format';
import { formatMeasurement } from './score-format';

const ProgressChart = lazy(() => import('./ProgressChart'));

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

function recordText(point: ProgressPoint, t: TFunction<'training'>): string {
  const kinds = [point.estimate_record && t('training.progress.recordKinds.estimate'), point.weight_record && t('training.progress.recordKinds.weight')];
  return kinds.filter(Boolean).join(', ');
}

function ProgressTable({ points, units, movement, format }: { points: ProgressPoint[]; units: WeightUnits; movement: string; format: Formatter }) {
  const { t } = useTranslation('training');
  const weight = (value: number) => formatMeasurement({ value, units }, format);
  return (
    <details className="lift-progress__details" data-testid="lift-progress-details">
      <summary>{t('training.progress.showTable')}</summary>
      <div className="card card--flush training__table-wrap">
        <table className="training-table" data-testid="lift-progress-table">
          <caption className="visually-hidden">{t('training.progress.caption', { movement })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('training.date')}</th>
              <th scope="col">{t('training.progress.estimate')}</th>
              <th scope="col">{t('training.progress.bestSet')}</th>
              <th scope="col">{t('training.progress.record')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.workout_id} data-testid="lift-progress-row" data-record={point.estimate_record || point.weight_record || undefined}>
                <th scope="row">{format.date(point.completed_at)}</th>
                <td className="tabular">{point.estimated_one_rep_max === null ? '–' : weight(point.estimated_one_rep_max)}</td>
                <td className="tabular">{t('training.progress.setValue', { weight: weight(point.best_set.weight), reps: format.number(point.best_set.repetitions) })}</td>
                <td>{recordText(point, t)}</td>
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
          <div className="card lift-progress__card">
            <Suspense fallback={<div className="lift-progress__chart" />}>
              <ProgressChart points={points} units={units} label={progressSummary(points, units, format, t)} format={format} />
            </Suspense>
          </div>
          <ProgressTable points={points} units={units} movement={movement} format={format} />
        </>
      )}
    </div>
  );
}
