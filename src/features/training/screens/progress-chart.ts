// The progress chart drawing, the only module that imports uPlot. The movement page imports it
// dynamically, so the library stays out of the shell and every other screen; it takes plain values
// and callbacks (no React, no i18n here) so its chunk holds uPlot and little else.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ProgressChartInput {
  /** Seconds since the epoch, oldest first. */
  times: number[];
  estimates: (number | null)[];
  sets: number[];
  /** The value where a point set a record, else null. */
  estimateRecords: (number | null)[];
  weightRecords: (number | null)[];
  /** The accessible name of the canvas: the one-sentence summary. */
  label: string;
  /** The Intl locale and the time zone the date axis is labelled in (the member's language, the facility's zone). */
  locale: string;
  timeZone: string;
  valueTick: (value: number) => string;
}

const HEIGHT = 220;
const DAY = 86_400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;
/** Tick steps on the date axis: whole days and up, never hours (one point per lift). */
const DATE_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, MONTH, 2 * MONTH, 3 * MONTH, 6 * MONTH, YEAR, 2 * YEAR, 5 * YEAR];

/** The design tokens as canvas colours: light-dark() pairs resolved by the browser for the current scheme. */
function readPalette(host: HTMLElement) {
  // One probe per token: Chrome answered the first colour again when one probe's style was changed.
  const probes: HTMLElement[] = [];
  const resolve = (token: string) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${token})`;
    host.append(probe);
    probes.push(probe);
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
  for (const probe of probes) probe.remove();
  return palette;
}

/** Date axis labels: day and month, month and year, or the year, as far apart as the ticks are. */
function dateTicks(locale: string, timeZone: string) {
  const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const months = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone });
  const years = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone });
  return (_: uPlot, splits: number[], _axis: number, _space: number, step: number) => {
    const formatter = step >= YEAR ? years : step >= MONTH ? months : days;
    return splits.map((s) => formatter.format(new Date(s * 1000)));
  };
}

/** A series drawn as dots only (no line between them). */
const dotsOnly = (): null => null;

/** Draws the chart into `host`, following its width; returns the clean-up. uPlot never animates, so reduced motion needs nothing more. */
export function drawProgressChart(host: HTMLElement, input: ProgressChartInput): () => void {
  const colours = readPalette(host);
  const axis = { stroke: colours.text, font: colours.font, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
  const record: uPlot.Series = { paths: dotsOnly, points: { show: true, size: 14, width: 2.5, stroke: colours.record, fill: 'transparent' } };
  const chart = new uPlot({
    width: Math.max(host.clientWidth, 200),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), input.timeZone),
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: true } },
    axes: [
      { ...axis, incrs: DATE_STEPS, space: 64, values: dateTicks(input.locale, input.timeZone) },
      { ...axis, size: 48, values: (_, splits) => splits.map((value) => input.valueTick(value)) },
    ],
    series: [
      {},
      { stroke: colours.line, width: 2, spanGaps: true, points: { show: true, size: 6, stroke: colours.line, fill: colours.surface } },
      { stroke: colours.set, paths: dotsOnly, points: { show: true, size: 7, stroke: colours.set, fill: colours.set } },
      record,
      record,
    ],
  }, [input.times, input.estimates, input.sets, input.estimateRecords, input.weightRecords], host);
  const canvas = chart.ctx.canvas;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', input.label);
  canvas.dataset.testid = 'lift-progress-chart';
  const resize = new ResizeObserver(([entry]) => {
    const width = Math.floor(entry?.contentRect.width ?? 0);
    if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
  });
  resize.observe(host);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
