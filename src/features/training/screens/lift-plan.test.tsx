import i18next from 'i18next';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { createFormatter } from '../../../i18n/format';
import { BACK_SQUAT, BOX_JUMP, kg, lift, set } from '../../../../core/rules/training/fixtures.test-support';
import { describeSets } from './lift-plan-format';
import { LastTimeCard } from './LastTimeCard';
import { PlatesDialog } from './PlatesDialog';
import { RecordBanner, useRecordNoticeLifetime } from './RecordBanner';
import { recordNotice } from './record-notice';

const facility = vi.hoisted(() => ({ current: { time_zone: 'Pacific/Auckland', plates_kg: null as number[] | null } }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => facility.current }));

const format = createFormatter('en', 'Pacific/Auckland');
const t = i18next.getFixedT('en', 'training') as TFunction<'training'>;

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  facility.current = { time_zone: 'Pacific/Auckland', plates_kg: null };
});

describe('describeSets', () => {
  it('counts runs of equal sets once', () => {
    expect(describeSets([set(1, 5, kg(100)), set(2, 5, kg(100)), set(3, 5, kg(100))], BACK_SQUAT, format, t)).toBe('3 × 5 @ 100 kg');
    expect(describeSets([set(1, 5, kg(100)), set(2, 3, kg(110)), set(3, 3, kg(110))], BACK_SQUAT, format, t)).toBe('5 @ 100 kg, 2 × 3 @ 110 kg');
  });

  it('shows the first property of a movement without weight', () => {
    const jumps = [1, 2].map((position) => ({ position, repetitions: 3, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' as const } } }));
    expect(describeSets(jumps, BOX_JUMP, format, t)).toBe('2 × 3 @ 60 cm');
  });
});

describe('LastTimeCard', () => {
  const last = lift({ rep_scheme: '2x5', sets: [set(1, 5, kg(100)), set(2, 5, kg(100))] });

  it('shows last time and the next step; the buttons hand over a plan', () => {
    const onApply = vi.fn();
    render(<LastTimeCard last={last} format={format} onApply={onApply} />);
    expect(screen.getByTestId('last-time-sets').textContent).toBe('2 × 5 @ 100 kg');
    expect(screen.getByTestId('last-time-next').textContent).toContain('2 × 5 @ 102.5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Copy last time' }));
    expect(onApply).toHaveBeenLastCalledWith({ repScheme: '2x5', sets: last.sets });
    fireEvent.click(screen.getByRole('button', { name: 'Use suggestion' }));
    expect(onApply.mock.lastCall?.[0].sets.map((s: typeof last.sets[number]) => s.values.weight?.value)).toEqual([102.5, 102.5]);
  });
});

describe('PlatesDialog', () => {
  it('shows the plates per side for the weight on the remembered bar', () => {
    render(<PlatesDialog open onClose={() => undefined} weight={100} units="kilograms" format={format} />);
    expect([...screen.getByTestId('plates-per-side').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['25 kg', '15 kg']);
    fireEvent.click(screen.getByRole('radio', { name: '15 kg' }));
    expect([...screen.getByTestId('plates-per-side').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['25 kg', '15 kg', '2.5 kg']);
    expect(localStorage.getItem('training.bar.kilograms')).toBe('15');
  });

  it('uses the studio plates and says what is left over', () => {
    facility.current = { time_zone: 'Pacific/Auckland', plates_kg: [20, 10, 5] };
    localStorage.setItem('training.bar.kilograms', '20');
    render(<PlatesDialog open onClose={() => undefined} weight={67.5} units="kilograms" format={format} />);
    expect(screen.getByTestId('plates-left-over').textContent).toBe('Cannot be made exactly: 60 kg loaded, 7.5 kg left over.');
    expect(screen.getByText(/Your studio's plates/)).toBeTruthy();
  });

  it('says so below the bar, and asks for a weight when there is none', () => {
    const { unmount } = render(<PlatesDialog open onClose={() => undefined} weight={10} units="kilograms" format={format} />);
    expect(screen.getByTestId('plates-result').textContent).toContain('Lighter than the bar (20 kg) alone.');
    unmount();
    render(<PlatesDialog open onClose={() => undefined} weight={Number.NaN} units="pounds" format={format} />);
    expect(screen.getByTestId('plates-result').textContent).toBe('Enter a weight to see the plates.');
    expect(screen.getByRole('radio', { name: '45 lb' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Pounds' })).toBeNull();
  });

  it('on its own, lets the member choose the units and remembers them', () => {
    const { unmount } = render(<PlatesDialog open onClose={() => undefined} weight={Number.NaN} format={format} />);
    expect(screen.getByRole('radio', { name: 'Kilograms' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Pounds' }));
    fireEvent.change(screen.getByTestId('plates-weight'), { target: { value: '225' } });
    expect([...screen.getByTestId('plates-per-side').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['45 lb', '45 lb']);
    unmount();
    render(<PlatesDialog open onClose={() => undefined} weight={Number.NaN} format={format} />);
    expect(screen.getByRole('radio', { name: 'Pounds' })).toHaveProperty('checked', true);
  });
});

describe('RecordBanner', () => {
  it('tells of a record announced by the save until dismissed', () => {
    act(() => recordNotice.announce('New record: 5 × 102.5 kg'));
    render(<RecordBanner />);
    expect(screen.getByRole('status').textContent).toContain('New record: 5 × 102.5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('record-banner')).toBeNull();
  });

  it('is gone once the member leaves the lift', async () => {
    function Screen() {
      useRecordNoticeLifetime();
      return <RecordBanner />;
    }
    act(() => recordNotice.announce('New record: 3 × 110 kg'));
    const { unmount } = render(<Screen />);
    expect(screen.getByTestId('record-banner')).toBeTruthy();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 5));
    render(<RecordBanner />);
    expect(screen.queryByTestId('record-banner')).toBeNull();
  });
});
