import { describe, expect, it } from 'vitest';
import { comingInOrder } from './bookings';

const visit = (id: number, start: string) => ({ id, session: { start_date: start } });
const appointment = (id: number, start: string) => ({ id, start_at: start });

describe('comingInOrder', () => {
  it('puts appointments among the class bookings by start time', () => {
    const list = comingInOrder(
      [visit(1, '2026-03-02T07:00:00Z'), visit(2, '2026-03-04T18:00:00Z')],
      [appointment(10, '2026-03-03T10:00:00Z'), appointment(11, '2026-03-01T09:00:00Z')],
    );
    expect(list.map((entry) => `${entry.kind}:${entry.item.id}`)).toEqual(['appointment:11', 'class:1', 'appointment:10', 'class:2']);
  });

  it('keeps a class before an appointment at the same time, and reads offsets as instants', () => {
    const list = comingInOrder([visit(1, '2026-03-02T20:00:00+13:00')], [appointment(10, '2026-03-02T07:00:00Z'), appointment(11, '2026-03-02T06:59:00Z')]);
    expect(list.map((entry) => `${entry.kind}:${entry.item.id}`)).toEqual(['appointment:11', 'class:1', 'appointment:10']);
  });

  it('is empty when there is nothing', () => {
    expect(comingInOrder([], [])).toEqual([]);
  });
});
