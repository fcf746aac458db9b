// /account/passes: active passes by default (SPEC), a switch for all of them. From Dexie: the
// device keeps every pass, so the switch works offline.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { List } from '../../../ui/list/index';
import { usePageTitle } from '../../../ui/page-title';
import { Segmented } from '../../../ui/segmented/index';
import { Spinner } from '../../../ui/spinner/index';
import { useOnline } from '../../../ui/use-online';
import { useNow } from '../../booking/public';
import { useConcessions, useRefreshConcessions } from '../hooks';
import { statusNow } from '../left';
import { ConcessionRow } from './ConcessionRows';
import './account.css';

export default function PassesScreen() {
  const { t } = useTranslation('account');
  const title = usePageTitle('titles.passes');
  const facility = useFacility();
  const concessions = useConcessions(facility?.org_id);
  useRefreshConcessions(facility?.guid, facility?.org_id);
  const format = useFormat(facility?.time_zone);
  const now = useNow();
  const [show, setShow] = useState<'active' | 'all'>('active');
  const online = useOnline();
  if (concessions === undefined || (!concessions.known && online)) return <Spinner block />;
  // Offline and never fetched: say so, rather than "you have none".
  if (!concessions.known) return <section className="page" aria-labelledby="page-title"><h1 id="page-title" className="page__title">{title}</h1><EmptyState title={t('notYet')} /></section>;
  const passes = show === 'all' ? concessions.passes : concessions.passes.filter((p) => statusNow(p, now) === 'active');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <div className="stack">
        <Segmented legend={t('show')} name="passes" value={show} onChange={setShow} options={[{ value: 'active', label: t('activeOnly') }, { value: 'all', label: t('allOfThem') }]} />
        {passes.length === 0 ? <EmptyState title={show === 'active' ? t('noActivePasses') : t('noPasses')} /> : (
          <List className="card card--flush" data-testid="passes">
            {passes.map((p) => <ConcessionRow key={p.id} item={p} format={format} now={now} />)}
          </List>
        )}
      </div>
    </section>
  );
}
