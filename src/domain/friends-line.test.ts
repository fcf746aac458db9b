import { describe, expect, it } from 'vitest';
import { friendsLine } from './friends-line';

const sam = { id: 2, first_name: 'Sam' };
const alex = { id: 1, first_name: 'Alex' };
const kai = { id: 3, first_name: 'Kai' };
const mere = { id: 4, first_name: 'Mere' };

describe('friendsLine', () => {
  it('says nothing when no friend is booked', () => {
    expect(friendsLine(undefined)).toBeNull();
    expect(friendsLine([])).toBeNull();
  });

  it('names one friend, and two friends', () => {
    expect(friendsLine([sam])).toEqual({ kind: 'one', name: 'Sam' });
    expect(friendsLine([sam, alex])).toEqual({ kind: 'two', name: 'Alex', other: 'Sam' });
  });

  it('names the first and counts the others from three friends on', () => {
    expect(friendsLine([sam, kai, alex])).toEqual({ kind: 'many', name: 'Alex', count: 2 });
    expect(friendsLine([mere, sam, kai, alex])).toEqual({ kind: 'many', name: 'Alex', count: 3 });
  });

  it('orders by first name then id, whatever order the rows came in, and counts each friend once', () => {
    const otherSam = { id: 9, first_name: 'Sam' };
    expect(friendsLine([otherSam, sam])).toEqual({ kind: 'two', name: 'Sam', other: 'Sam' });
    expect(friendsLine([sam, sam, sam])).toEqual({ kind: 'one', name: 'Sam' });
    expect(friendsLine([{ id: 5, first_name: 'Åsa' }, { id: 6, first_name: 'Zoe' }], 'en')).toEqual({ kind: 'two', name: 'Åsa', other: 'Zoe' });
  });
});
