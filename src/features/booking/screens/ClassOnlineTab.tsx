import { useTranslation } from '../../../i18n/use-translation';
import { useClassContext } from './ClassDetailScreen';
import { EmptyState } from '../../../ui/empty-state/index';
import { isBooked } from '../../../../core/rules/session';
import { ButtonAnchor } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { Stack } from '../../../ui/layout/index';

/** What the class offers online: the stream link for booked members, or an empty state. */
export default function ClassOnlineTab() {
  const { t } = useTranslation('booking');
  const { session } = useClassContext();
  if (!session.online_url) return <EmptyState title={t('online.none')} />;
  if (!isBooked(session)) return <EmptyState title={t('online.bookFirst')} body={t('online.bookFirstHint')} />;
  return (
    <Card>
      <Stack gap="sm">
        <p>{t('online.intro')}</p>
        <div><ButtonAnchor variant="primary" href={session.online_url} target="_blank" rel="noopener noreferrer">{t('online.join')}</ButtonAnchor></div>
      </Stack>
    </Card>
  );
}
