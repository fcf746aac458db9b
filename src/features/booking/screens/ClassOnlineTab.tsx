import { useTranslation } from 'react-i18next';
import { useClassContext } from './ClassDetailScreen';
import { EmptyState } from '../../../ui/empty-state/index';
import { isBooked } from '../../../../core/rules/session';

/** What the class offers online: the stream link for booked members, or an empty state. */
export default function ClassOnlineTab() {
  const { t } = useTranslation('booking');
  const { session } = useClassContext();
  if (!session.online_url) return <EmptyState title={t('online.none')} />;
  if (!isBooked(session)) return <EmptyState title={t('online.bookFirst')} body={t('online.bookFirstHint')} />;
  return (
    <div className="card stack">
      <p>{t('online.intro')}</p>
      <a className="btn btn--primary" href={session.online_url} target="_blank" rel="noopener noreferrer">{t('online.join')}</a>
    </div>
  );
}
