// Memberships and passes as list rows, each with what is left ("6 of 10 visits left, until
// 3 March", ../left.ts) and, once ended, when it ended: said once, with no chip repeating it.
import { useTranslation } from '../../../i18n/use-translation';
import type { Membership, Pass } from '../../../../core/contract/types';
import { concessionLeft, statusNow } from '../left';
import type { Formatter } from '../../../i18n/format';
import { Chip } from '../../../ui/chip/index';
import { ListRow } from '../../../ui/list/index';

export function ConcessionRow({ item, format, now }: { item: Membership | Pass; format: Formatter; now: Date }) {
  const { t } = useTranslation('account');
  const status = statusNow(item, now);
  const isPass = 'visits_left' in item;
  const left = concessionLeft(t, format, item, now);
  return (
    <ListRow
      data-testid={isPass ? 'pass' : 'membership'}
      title={item.name}
      meta={<>
        <span>{left}</span>
        {!isPass && item.visits_used > 0 && <span>{t('used.visits', { count: item.visits_used })}</span>}
        {item.covers.length > 0 && <span>{t('covers', { names: item.covers.join(', ') })}</span>}
      </>}
      // "Ended 3 March" and "Starts 3 March" say it already: only a pass used up before its end gets a chip.
      chips={status === 'used_up' ? <Chip tone="neutral">{t('status.used_up')}</Chip> : undefined}
    />
  );
}
