// Memberships and passes as list rows, each with what is left ("6 of 10 visits left, until
// 3 March") and, once ended, when it ended. The status is worked out again on the device, so a
// pass that ran out while offline shows as ended.
import { useTranslation } from 'react-i18next';
import type { Membership, Pass } from '../../../../core/contract/types';
import { concessionStatus } from '../../../../core/rules/concessions';
import type { Formatter } from '../../../i18n/format';
import { Chip } from '../../../ui/chip/index';
import { ListRow } from '../../../ui/list/index';

export function statusNow(item: Membership | Pass, now: Date) {
  return concessionStatus({ ...item, visits_left: 'visits_left' in item ? item.visits_left : null }, now);
}

export function ConcessionRow({ item, format, now }: { item: Membership | Pass; format: Formatter; now: Date }) {
  const { t } = useTranslation('account');
  const status = statusNow(item, now);
  const until = item.valid_to ? format.date(item.valid_to) : null;
  const isPass = 'visits_left' in item;
  let left: string;
  if (status === 'past') left = t('ended', { date: until ?? '' });
  else if (status === 'future') left = t('starts', { date: format.date(item.valid_from) });
  else if (isPass && item.visits_left !== null) left = until ? t('visitsLeftUntil', { left: item.visits_left, total: item.visits_total, date: until }) : t('visitsLeft', { left: item.visits_left, total: item.visits_total });
  else left = until ? t('unlimitedUntil', { date: until }) : t('unlimited');
  return (
    <ListRow
      data-testid={isPass ? 'pass' : 'membership'}
      title={item.name}
      meta={<>
        <span>{left}</span>
        {!isPass && item.visits_used > 0 && <span>{t('used.visits', { count: item.visits_used })}</span>}
        {item.covers.length > 0 && <span>{t('covers', { names: item.covers.join(', ') })}</span>}
      </>}
      chips={status === 'active' ? undefined : <Chip tone={status === 'future' ? 'info' : 'neutral'}>{t(`status.${status}`)}</Chip>}
    />
  );
}
