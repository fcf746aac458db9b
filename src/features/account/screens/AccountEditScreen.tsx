// /account/edit: the member's details (edited on the profile) and their stored cards: add one,
// make one the default, remove one. Cards are managed online only: they are money.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { newEntryId } from '../../../data/sync/outbox';
import { Button, ButtonLink } from '../../../ui/button/index';
import { describeError } from '../../../ui/describe-error';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { Chip } from '../../../ui/chip/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { CardForm, cardLine, deleteCard, loadCards, setDefaultCard, type StoredCard } from '../../shop/public';
import './account.css';

export default function AccountEditScreen() {
  const { t } = useTranslation('account');
  const { t: shellT } = useTranslation();
  const title = usePageTitle('titles.accountEdit');
  const facility = useFacility();
  const guid = facility?.guid;
  const online = useOnline();
  const run = useCommand();
  const [cards, setCards] = useState<StoredCard[] | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = async () => {
    if (!guid) return;
    try {
      setCards(await loadCards(guid));
    } catch (error) {
      setProblem(describeError(error, shellT));
    }
  };
  useEffect(() => {
    if (online) void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid, online]);

  async function saved() {
    setAdding(false);
    await reload();
  }

  const line = (card: StoredCard) => cardLine(t, card);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <div className="stack stack--lg">
        <section aria-labelledby="details-heading" className="stack stack--sm">
          <h2 id="details-heading" className="account-heading">{t('edit.details')}</h2>
          <p className="account-muted">{t('edit.detailsHint')}</p>
          <div><ButtonLink to="/profile/edit">{t('edit.editDetails')}</ButtonLink></div>
        </section>
        <section aria-labelledby="cards-heading" className="stack stack--sm">
          <h2 id="cards-heading" className="account-heading">{t('edit.cards')}</h2>
          {problem && <p className="account-problem" role="alert">{problem}</p>}
          {!online ? <p className="account-muted">{t('edit.cardsOffline')}</p> : cards === undefined ? <Spinner block /> : (
            <>
              {cards.length === 0 ? <EmptyState title={t('edit.noCards')} headingLevel={3} /> : (
                <List className="card card--flush" data-testid="cards">
                  {cards.map((card) => (
                    <ListRow
                      key={card.id}
                      data-testid="stored-card"
                      title={line(card)}
                      chips={card.default ? <Chip tone="success">{t('edit.default')}</Chip> : undefined}
                      actions={<>
                        {!card.default && <Button size="sm" onClick={() => guid && void run(() => setDefaultCard(guid, card.id, newEntryId()).then(reload))}>{t('edit.makeDefault')}</Button>}
                        <Button size="sm" variant="ghost" onClick={() => guid && void run(() => deleteCard(guid, card.id, newEntryId()).then(reload), { confirm: { title: t('edit.removeTitle'), body: line(card), confirmLabel: t('edit.remove'), danger: true } })}>{t('edit.remove')}</Button>
                      </>}
                    />
                  ))}
                </List>
              )}
              {adding && guid ? <CardForm guid={guid} onSaved={() => void saved()} /> : <div><Button onClick={() => setAdding(true)}>{t('payment.addCard')}</Button></div>}
            </>
          )}
        </section>
      </div>
    </section>
  );
}
