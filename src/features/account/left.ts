// What is left of a membership or pass, said the same way wherever it shows: the account's rows
// and a class that a booking pays with it ("6 of 10 visits left, until 3 March"). The status is
// worked out again on the device, so one that ran out while offline reads as ended.
import type { TFunction } from 'i18next';
import type { Membership, Pass } from '../../../core/contract/types';
import { concessionStatus } from '../../../core/rules/concessions';
import type { Formatter } from '../../i18n/format';

export function statusNow(item: Membership | Pass, now: Date) {
  return concessionStatus({ ...item, visits_left: 'visits_left' in item ? item.visits_left : null }, now);
}

export function concessionLeft(t: TFunction<'account'>, format: Formatter, item: Membership | Pass, now: Date): string {
  const status = statusNow(item, now);
  const until = item.valid_to ? format.date(item.valid_to) : null;
  if (status === 'past') return t('ended', { date: until ?? '' });
  if (status === 'future') return t('starts', { date: format.date(item.valid_from) });
  if ('visits_left' in item && item.visits_left !== null) return until ? t('visitsLeftUntil', { left: item.visits_left, total: item.visits_total, date: until }) : t('visitsLeft', { left: item.visits_left, total: item.visits_total });
  return until ? t('unlimitedUntil', { date: until }) : t('unlimited');
}
