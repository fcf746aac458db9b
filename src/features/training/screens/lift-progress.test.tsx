// The movement page's progress section: the chart's accessible summary, the table alternative and
// the note under two lifts. The uPlot drawing is stubbed (no canvas here); the e2e draws the real one.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiftWorkout } from '../../../../core/contract/types';
import { BOX_JUMP, kg, lift, set } from '../../../../core/rules/training/fixtures.test-support';
import { createFormatter } from '../../../i18n/format';
import type { ProgressChartInput } from './progress-chart';
const drawn = vi.hoisted(() => [] as ProgressChartInput[]);
vi.mock('./progress-chart', () => ({
  drawProgressChart: (host: HTMLElement, input: ProgressChartInput) => {
    drawn.push(input);
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', input.label);
    host.append(canvas);
    return () => canvas.remove();
  },
}));
const { LiftProgress } = await import('./LiftProgress');

const format = createFormatter('en-US', 'Pacific/Auckland');
const history: LiftWorkout[] = [
  lift({ id: 3, completed_at: '2026-05-20T07:00:00.000Z', sets: [set(1, 1, kg(100))] }),
  lift({ id: 2, completed_at: '2026-04-10T07:00:00.000Z', sets: [set(1, 3, kg(75))] }),
  lift({ id: 1, completed_at: '2026-03-03T07:00:00.000Z', sets: [set(1, 1, kg(80))] }),
];

describe('LiftProgress', () => {
  it('names the chart with a one-sentence summary and lists every point in a table', async () => {
    render(<LiftProgress history={history} units="kilograms" movement="Back squat" format={format} />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Estimated 1RM rose from 80 kg to 100 kg between Mar 3rd 2026 and May 20th 2026. Records so far: 2.');
    const table = screen.getByRole('table', { name: 'Back squat: estimated 1RM and best set per lift' });
    const rows = within(table).getAllByTestId('lift-progress-row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent!.replace(/\u00a0/g, ' ')))).toEqual([
      ['Mar 3rd 2026', '80', '80 × 1'],
      ['Apr 10th 2026', '82.5★ (Best estimate)', '75 × 3'],
      ['May 20th 2026', '100★ (Best estimate)', '100 × 1★ (Heaviest set)'],
    ]);
    // Three columns with the units in their heads, so it fits a phone: a record is marked beside its
    // value, and the key says so.
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Estimated 1RM (kg)', 'Best set (kg)']);
    expect(screen.getByText('★ marks a record.')).toBeTruthy();
    expect(screen.getByText('Show as table').tagName).toBe('SUMMARY');
    // The chart gets the series in seconds, records only where they were set, and the member's locale.
    expect(drawn.at(-1)).toMatchObject({
      times: history.map((l) => Date.parse(l.completed_at) / 1000).reverse(),
      estimates: [80, 82.5, 100], sets: [80, 75, 100], estimateRecords: [null, 82.5, 100], weightRecords: [null, null, 100],
      locale: 'en-US', timeZone: 'Pacific/Auckland',
    });
  });
  it('shows pounds when asked', async () => {
    render(<LiftProgress history={history} units="pounds" movement="Back squat" format={format} />);
    expect((await screen.findByRole('img')).getAttribute('aria-label')).toContain('from 176.4 lb to 220.5 lb');
  });
  it('gives a short note instead of a chart under two weighted lifts', () => {
    render(<LiftProgress history={[...history.slice(0, 1), lift({ id: 9, sets: [set(1, 5, kg(0))] })]} units="kilograms" movement="Back squat" format={format} />);
    expect(screen.getByTestId('lift-progress-few').textContent).toMatch(/at least twice/);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
  it('shows nothing for a movement without weight', () => {
    const jumps = [1, 2].map((id) => lift({ id, movement: BOX_JUMP, sets: [{ position: 1, repetitions: 3, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' } } }] }));
    const { container } = render(<LiftProgress history={jumps} units="kilograms" movement="Box jump" format={format} />);
    expect(container.textContent).toBe('');
  });
});
