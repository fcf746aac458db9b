// The progress chart itself, the only module that imports uPlot: LiftProgress loads it lazily, so
// the library and its stylesheet stay out of the shell and of every other screen. The canvas is
// an image named by the summary sentence; the values are in the table beside it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { WeightUnits } from '../../../../core/contract/types';
import type { ProgressPoint } from '../../../../core/rules/training/progress';
import { INTL_LOCALE, type Formatter } from '../../../i18n/format';

const HEIGHT = 220;
const DAY = 86_400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;
/** Tick steps on the date axis: whole days and up, never hours (one point per lift). */
const DATE_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, MONTH, 2 * MONTH, 3 * MONTH, 6 * MONTH, YEAR, 2 * YEAR, 5 * YEAR];

interface Palette { line: string; set: string; record: string; text: string; grid: string; surface: string; font: string }

/** The design tokens as canvas colours: light-dark() pairs resolved by the browser for the current scheme. */
function readPalette(host: HTMLElement): Palette {
  const probe = document.createElement('span');
  host.append(probe);
  const resolve = (token: string) => {
    probe.style.color = `var(${token})`;
    return getComputedStyle(probe).color;
  };
  const palette = {
    line: resolve('--color-brand'),
    set: resolve('--color-info'),
    record: resolve('--color-warning'),
    text: resolve('--color-text-muted'),
    grid: resolve('--color-border'),
    surface: resolve('--color-surface'),
    font: `12px ${getComputedStyle(host).fontFamily}`,
  };
  probe.remove();
  return palette;
}

/** Bumps when the member's theme or the system scheme changes, so the chart redraws in the new colours. */
function useSchemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    query?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      query?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

function dateTicks(format: Formatter) {
  const locale = INTL_LOCALE[format.locale];
  const zone = format.timeZone;
  const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: zone });
  const months = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: zone });
  const years = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: zone });
  return (_: uPlot, splits: number[], _axis: number, _space: number, step: number) => {
    const formatter = step >= YEAR ? years : step >= MONTH ? months : days;
    return splits.map((s) => formatter.format(new Date(s * 1000)));
  };
}

/** A series drawn as dots only (no line between them). */
const dotsOnly = (): null => null;

export default function ProgressChart({ points, units, label, format }: { points: ProgressPoint[]; units: WeightUnits; label: string; format: Formatter }) {
  const { t } = useTranslation('training');
  const host = useRef<HTMLDivElement>(null);
  const scheme = useSchemeVersion();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const colours = readPalette(element);
    const times = points.map((p) => Date.parse(p.completed_at) / 1000);
    const estimates = points.map((p) => p.estimated_one_rep_max);
    const sets = points.map((p) => p.best_set.weight);
    const estimateRecords = points.map((p) => (p.estimate_record ? p.estimated_one_rep_max : null));
    const weightRecords = points.map((p) => (p.weight_record ? p.best_set.weight : null));
    const record: uPlot.Series = { paths: dotsOnly, points: { show: true, size: 14, width: 2.5, stroke: colours.record, fill: 'transparent' } };
    const chart = new uPlot({
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), format.timeZone),
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: true } },
      axes: [
        { stroke: colours.text, font: colours.font, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 }, incrs: DATE_STEPS, space: 64, values: dateTicks(format) },
        {
          stroke: colours.text, font: colours.font, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 }, size: 48,
          values: (_, splits) => splits.map((value) => format.number(value, { maximumFractionDigits: 1 })),
        },
      ],
      series: [
        {},
        { label: t('training.progress.estimate'), stroke: colours.line, width: 2, spanGaps: true, points: { show: true, size: 6, stroke: colours.line, fill: colours.surface } },
        { label: t('training.progress.bestSet'), stroke: colours.set, paths: dotsOnly, points: { show: true, size: 7, stroke: colours.set, fill: colours.set } },
        { label: t('training.progress.record'), ...record },
        { label: t('training.progress.record'), ...record },
      ],
    }, [times, estimates, sets, estimateRecords, weightRecords], element);
    // uPlot draws once per change and never animates, so reduced motion needs nothing more.
    chart.ctx.canvas.setAttribute('role', 'img');
    chart.ctx.canvas.setAttribute('aria-label', label);
    chart.ctx.canvas.dataset.testid = 'lift-progress-chart';
    const resize = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, label, format, t, scheme]);

  return (
    <>
      <div ref={host} className="lift-progress__chart" />
      <ul className="lift-progress__legend" aria-hidden="true">
        <li><span className="lift-progress__key lift-progress__key--line" />{t('training.progress.estimate')}</li>
        <li><span className="lift-progress__key lift-progress__key--set" />{t('training.progress.bestSet')}</li>
        <li><span className="lift-progress__key lift-progress__key--record" />{t('training.progress.record')}</li>
        <li className="lift-progress__units">{t(`training.unitShort.${units}`)}</li>
      </ul>
    </>
  );
}
