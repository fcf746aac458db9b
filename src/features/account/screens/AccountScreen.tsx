// /account: the member's memberships and passes at a glance with what is left, the ways to
// everything else about their money (all passes, invoices, stored cards and details, the shop),
// then the ended ones. From Dexie, so it opens offline.
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { Icon } from '../../../ui/icon/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useOnline } from '../../../ui/use-online';
import { useNow } from '../../booking/public';
import { useConcessions, useRefreshConcessions } from '../hooks';
import { statusNow } from '../left';
import { ConcessionRow } from './ConcessionRows';
import './account.css';

export default function AccountScreen() {
  const { t } = useTranslation('account');
  const title = usePageTitle('titles.account');
  const facility = useFacility();
  const concessions = useConcessions(facility?.org_id);
  useRefreshConcessions(facility?.guid, facility?.org_id);
  const format = useFormat(facility?.time_zone);
  const now = useNow();
  const online = useOnline();
  if (concessions === undefined || (!concessions.known && online)) return <Spinner block />;
  // Offline and never fetched: say so, rather than "you have none".
  if (!concessions.known) return <section className="page" aria-labelledby="page-title"><h1 id="page-title" className="page__title">{title}</h1><EmptyState title={t('notYet')} /></section>;
  const all = [...concessions.memberships, ...concessions.passes];
  const isCurrent = (item: (typeof all)[number]) => {
    const status = statusNow(item, now);
    return status === 'active' || status === 'future';
  };
  const current: typeof all = [];
  const ended: typeof all = [];
  for (const item of all) (isCurrent(item) ? current : ended).push(item);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <div className="stack">
        {all.length === 0 ? <EmptyState title={t('none')} /> : (
          <section aria-labelledby="current-heading" className="stack stack--sm">
            <h2 id="current-heading" className="account-heading">{t('current')}</h2>
            {current.length === 0 ? <p className="account-muted">{t('noneCurrent')}</p> : (
              <List className="card card--flush" data-testid="current">
                {current.map((item) => <ConcessionRow key={`${'visits_left' in item ? 'p' : 'm'}${item.id}`} item={item} format={format} now={now} />)}
              </List>
            )}
          </section>
        )}
        {/* Right under what the member has: a member looks here for invoices, cards and buying more. */}
        <nav aria-label={t('links.label')}>
          <List className="card card--flush" data-testid="account-links">
            {ACCOUNT_LINKS.map(([to, key]) => <ListRow key={to} to={to} title={t(key)} end={<Icon name="chevron-right" />} />)}
          </List>
        </nav>
        {ended.length > 0 && (
          <section aria-labelledby="ended-heading" className="stack stack--sm">
            <h2 id="ended-heading" className="account-heading">{t('pastTitle')}</h2>
            <List className="card card--flush" data-testid="ended">
              {ended.map((item) => <ConcessionRow key={`${'visits_left' in item ? 'p' : 'm'}${item.id}`} item={item} format={format} now={now} />)}
            </List>
          </section>
        )}
      </div>
    </section>
  );
}

const ACCOUNT_LINKS = [
  ['/account/passes', 'allPasses'],
  ['/account/invoices', 'links.invoices'],
  ['/account/edit', 'links.cards'],
  ['/checkout', 'links.shop'],
] as const;
