// /checkout/payment: the order at the catalogue's prices, the member's stored cards (or a new one)
// and Pay. Online only: money is never queued. A 3-D Secure challenge opens the bank's page, which
// returns here (?returned=1) to finish paying the same order with the same card; with Stripe it
// runs in place (Stripe.js), then the server is asked again how it ended.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { newEntryId } from '../../../data/sync/outbox';
import { useFormat } from '../../../i18n/useFormat';
import { Button, ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { describeError } from '../../../ui/describe-error';
import { EmptyState } from '../../../ui/empty-state/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useOnline } from '../../../ui/use-online';
import { pullConcessions, pullInvoices } from '../../account/public';
import { checkoutState, closedTheOrder, confirmOrder, loadCards, lostTheAnswer, payOrder, runChallenge, type CheckoutAnswer, type OrderSummary, type StoredCard } from '../payment';
import { pullShop } from '../pull';
import { cardLine } from '../card-line';
import { CardForm } from './CardForm';
import './shop.css';

const PAYING_CARD = 'member-pwa:paying-card';
export const LAST_ORDER = 'member-pwa:last-order';

export default function PaymentScreen() {
  const { t } = useTranslation('account');
  const { t: shellT } = useTranslation();
  const title = usePageTitle('titles.payment');
  const facility = useFacility();
  const format = useFormat(facility?.time_zone);
  const online = useOnline();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returned = params.get('returned') === '1';
  const [order, setOrder] = useState<OrderSummary | null | undefined>(undefined);
  const [cards, setCards] = useState<StoredCard[] | undefined>(undefined);
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  // Back online the order is confirmed again (a new one, the cart as it is now): Pay waits for it.
  // Tapped before, it paid the old order while the new one was made, and the server's state then
  // named the new, unpaid order: a payment whose answer was lost read as not gone through.
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payKey = useRef(newEntryId());
  // A payment whose answer was lost (the order it paid): asked about before anything else.
  const cut = useRef<{ orderId: number | null } | null>(null);
  const guid = facility?.guid;

  /** A paid answer shows what was bought; a challenge (only a payment's own answer has one) runs first. */
  async function finish(answer: CheckoutAnswer, cardId: number | null = null, challenged = false) {
    if (answer.next_action && guid && cardId !== null) {
      sessionStorage.setItem(PAYING_CARD, String(cardId));
      // Asked again after a challenge run here, the bank has still not answered: nothing is charged twice; try again later.
      if (challenged) {
        setProblem(t('payment.notConfirmed'));
        return;
      }
      if (!(await runChallenge(answer.next_action))) return;
      // Stripe.js ran the challenge in place: the server reads how it ended (never a new charge).
      await finish(await payOrder(guid, cardId, payKey.current), cardId, true);
      return;
    }
    sessionStorage.removeItem(PAYING_CARD);
    sessionStorage.setItem(LAST_ORDER, JSON.stringify(answer));
    if (guid && facility) await Promise.all([pullConcessions(guid, facility.org_id, { force: true }), pullInvoices(guid, facility.org_id, { force: true }), pullShop(guid, facility.org_id, { force: true })]);
    navigate('/checkout/complete', { replace: true });
  }

  /** Asks the server where the cut payment's order stands; true when it was paid (and shown). */
  async function settleCut(say = true): Promise<boolean> {
    if (!guid || !cut.current) return false;
    const { orderId } = cut.current;
    const state = await checkoutState(guid);
    cut.current = null;
    // The server pays the latest order: the one on screen, or one confirmed again since (coming back online).
    if (state.paid && (orderId === null || state.paid.order.id >= orderId)) {
      await finish(state.paid);
      return true;
    }
    if (state.order?.status === 'confirmed') setOrder(state.order);
    if (say) setProblem(t('payment.cut'));
    return false;
  }

  async function pay(cardId: number) {
    if (!guid) return;
    setBusy(true);
    setProblem(null);
    try {
      // An earlier answer lost and not yet asked about: ask first, pay only what is still to pay.
      if (cut.current && (await settleCut(false))) return;
      await finish(await payOrder(guid, cardId, payKey.current), cardId);
    } catch (error) {
      if (lostTheAnswer(error)) {
        // Never sent again blindly: the server says whether it went through. Paying again keeps the key.
        cut.current = { orderId: order?.id ?? null };
        await settleCut().catch(() => setProblem(t('payment.cutUnknown')));
        return;
      }
      setProblem(describeError(error, shellT));
      // A refused payment closes its order: confirm the cart again for the next try.
      payKey.current = newEntryId();
      if (closedTheOrder(error)) {
        // The refused card is no longer picked (nor, on the server, the default): the member chooses.
        sessionStorage.removeItem(PAYING_CARD);
        setChosen(null);
        setCards((list) => list?.map((c) => (c.id === cardId ? { ...c, default: false } : c)));
        if (facility) setOrder(await confirmOrder(guid, facility.org_id).catch(() => null));
      }
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!guid || !online) return;
    let live = true;
    setConfirming(true);
    void (async () => {
      try {
        if (await settleCut()) return;
        const list = await loadCards(guid);
        if (!live) return;
        setCards(list);
        const remembered = Number(sessionStorage.getItem(PAYING_CARD));
        // Back online, the card the member picked stays picked; otherwise the default, if any (a
        // card refused last time is not: nothing is picked and the member chooses).
        setChosen((picked) => list.find((c) => c.id === picked)?.id ?? list.find((c) => c.id === remembered)?.id ?? list.find((c) => c.default)?.id ?? null);
        setAdding(list.length === 0);
        if (returned && remembered) {
          // Back from the bank: pay the same order with the same card.
          await pay(remembered);
          return;
        }
        const confirmed = await confirmOrder(guid, facility!.org_id);
        if (live) setOrder(confirmed);
      } catch (error) {
        if (live) setProblem(describeError(error, shellT));
      } finally {
        if (live) setConfirming(false);
      }
    })();
    return () => {
      live = false;
    };
    // Once per visit: confirming again would make another order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid, online]);

  function cardSaved(stored: StoredCard) {
    setCards((list) => [...(list ?? []).filter((c) => c.id !== stored.id), stored]);
    setChosen(stored.id);
    setAdding(false);
  }

  const header = <h1 id="page-title" className="page__title">{title}</h1>;
  const loaded = order !== undefined && order !== null && cards !== undefined;
  if (!online && !loaded) {
    return <section className="page" aria-labelledby="page-title">{header}<EmptyState title={t('payment.offline')} action={<ButtonLink to="/checkout">{t('payment.backToCart')}</ButtonLink>} /></section>;
  }
  if (order === null) {
    return <section className="page" aria-labelledby="page-title">{header}<EmptyState title={t('cart.empty')} action={<ButtonLink to="/checkout">{t('shop.title')}</ButtonLink>} /></section>;
  }
  return (
    <section className="page" aria-labelledby="page-title">
      {header}
      <div className="stack">
        {problem && <p className="shop-problem" role="alert" data-testid="payment-problem">{problem}</p>}
        {order === undefined || cards === undefined ? (
          <Spinner block label={returned ? t('payment.paying') : undefined} />
        ) : (
          <>
            <Card>
              <ul className="shop-summary" data-testid="order-summary">
                {order.line_items.map((line) => (
                  <li key={line.variant_id}><span>{line.quantity} × {line.name}</span><span>{format.currency(line.price * line.quantity, order.currency)}</span></li>
                ))}
                <li className="shop-summary__total"><span>{t('payment.total')}</span><span>{format.currency(order.total, order.currency)}</span></li>
              </ul>
            </Card>
            {cards.length > 0 && (
              <fieldset className="stack stack--sm shop-cards">
                <legend className="shop-heading">{t('payment.payWith')}</legend>
                {cards.map((card) => (
                  <label key={card.id} className="shop-card">
                    <input type="radio" name="card" checked={chosen === card.id} onChange={() => setChosen(card.id)} />
                    <span>{cardLine(t, card)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {chosen === null && !adding && <p className="shop-muted" data-testid="choose-card">{t('payment.chooseCard')}</p>}
            {adding && guid ? <CardForm guid={guid} onSaved={cardSaved} /> : <div><Button onClick={() => setAdding(true)}>{t('payment.addCard')}</Button></div>}
            <Button variant="primary" block disabled={!online || busy || confirming || chosen === null || order.status !== 'confirmed'} onClick={() => chosen !== null && void pay(chosen)}>
              {t('payment.pay', { total: format.currency(order.total, order.currency) })}
            </Button>
            {!online && <p className="shop-muted" data-testid="pay-offline">{t('payment.offline')}</p>}
            {/* An installed app has no browser Back: the cart is changed from here too. */}
            <div><ButtonLink variant="ghost" to="/checkout">{t('payment.backToCart')}</ButtonLink></div>
          </>
        )}
      </div>
    </section>
  );
}
