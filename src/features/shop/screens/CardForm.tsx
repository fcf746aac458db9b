// Adding a card, with the gateway the server offers (gateway.ts cardGateway). The sandbox: our own
// fields, where the brand shows as the number is typed (credit-card-type), the number is grouped as
// the brand prints it, and Luhn, expiry and CVC length are checked before anything is sent. Stripe:
// Stripe's Card Element (../stripe-card.ts, loaded only then), so the number never reaches our code.
// Either way the form saves the card itself and says why the gateway refused it.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Gateway } from '../../../../core/contract/types';
import { cardBrand, cardProblems, formatCardNumber, type CardProblem } from '../../../../core/rules/card';
import { newEntryId } from '../../../data/sync/outbox';
import { Button } from '../../../ui/button/index';
import { describeError } from '../../../ui/describe-error';
import { Field } from '../../../ui/field/index';
import { Spinner } from '../../../ui/spinner/index';
import type { StoredCard } from '../payment';
import { addCard, cardGateway, GatewayRefusal, sandboxTokeniser, STRIPE_GATEWAY, type CardTokeniser } from '../gateway';
import type { MountedCard } from '../stripe-card';
import './shop.css';

type Submit = (card: CardTokeniser) => void;

function SandboxFields({ busy, onSubmit, children }: { busy: boolean; onSubmit: Submit; children: ReactNode }) {
  const { t } = useTranslation('account');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<CardProblem[]>([]);
  const brand = cardBrand(number);
  const [expMonth = '', expYear = ''] = expiry.split('/').map((part) => part.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    const card = { number, expMonth, expYear, cvc };
    const found = cardProblems(card, new Date());
    setProblems(found);
    if (found.length === 0) onSubmit(sandboxTokeniser(card));
  }

  return (
    <form className="stack stack--sm" onSubmit={submit} noValidate aria-label={t('payment.addCard')}>
      {children}
      <Field id="card-number" label={t('payment.number')} hint={brand ? t('payment.brand', { brand: brand.niceType }) : undefined} error={problems.includes('number') ? t('payment.badNumber') : undefined}>
        {(aria) => <input {...aria} className="input" inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(formatCardNumber(e.target.value))} />}
      </Field>
      <div className="shop-card-row">
        <Field id="card-expiry" label={t('payment.expiry')} hint={t('payment.expiryHint')} error={problems.includes('expiry') ? t('payment.badExpiry') : undefined}>
          {(aria) => <input {...aria} className="input" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={(e) => setExpiry(e.target.value.replace(/[^\d/]/g, '').slice(0, 7))} />}
        </Field>
        <Field id="card-cvc" label={t('payment.cvc')} error={problems.includes('cvc') ? t('payment.badCvc', { count: brand?.cvcLength ?? 3 }) : undefined}>
          {(aria) => <input {...aria} className="input" inputMode="numeric" autoComplete="cc-csc" value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))} />}
        </Field>
      </div>
      <div><Button type="submit" disabled={busy}>{t('payment.saveCard')}</Button></div>
    </form>
  );
}

function StripeFields({ publishableKey, busy, onSubmit, children }: { publishableKey: string; busy: boolean; onSubmit: Submit; children: ReactNode }) {
  const { t, i18n } = useTranslation('account');
  const host = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState<MountedCard | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let card: MountedCard | null = null;
    import('../stripe-card')
      .then((stripe) => stripe.mountStripeCard(host.current!, publishableKey, i18n.language))
      .then(
        (done) => {
          card = done;
          if (live) setMounted(done);
          else done.unmount();
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
      card?.unmount();
    };
    // Mounted once per key: a language change keeps the card the member is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mounted) onSubmit(mounted.tokeniser);
  }

  return (
    <form className="stack stack--sm" onSubmit={submit} noValidate aria-label={t('payment.addCard')}>
      {children}
      <div className="field">
        <span className="field__label" id="stripe-card-label">{t('payment.cardDetails')}</span>
        <div ref={host} className="input shop-stripe-card" role="group" aria-labelledby="stripe-card-label" data-testid="stripe-card" />
        {failed && <p className="field__error">{t('payment.cardFormUnavailable')}</p>}
      </div>
      <div><Button type="submit" disabled={busy || !mounted}>{t('payment.saveCard')}</Button></div>
    </form>
  );
}

/** Adds a card for the member at the facility `guid`; `onSaved` gets it once the server stored it. */
export function CardForm({ guid, onSaved }: { guid: string; onSaved: (card: StoredCard) => void }) {
  const { t } = useTranslation('account');
  const { t: shellT } = useTranslation();
  const [gateway, setGateway] = useState<Gateway | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    cardGateway().then(
      (chosen) => live && setGateway(chosen),
      (error: unknown) => live && setProblem(describeError(error, shellT)),
    );
    return () => {
      live = false;
    };
  }, [shellT]);

  async function save(card: CardTokeniser) {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await addCard(card, guid, newEntryId()));
    } catch (error) {
      // Stripe's own words when it gave some; else ours for the refusal, or for the error.
      setProblem(error instanceof GatewayRefusal ? (error.shown ?? t(`payment.gateway.${error.code}`)) : describeError(error, shellT));
    } finally {
      setBusy(false);
    }
  }

  const said = problem && <p className="shop-problem" role="alert" data-testid="card-problem">{problem}</p>;
  if (!gateway) return <>{said ?? <Spinner block />}</>;
  if (gateway.id === STRIPE_GATEWAY && gateway.publishable_key) {
    return <StripeFields publishableKey={gateway.publishable_key} busy={busy} onSubmit={(card) => void save(card)}>{said}</StripeFields>;
  }
  return <SandboxFields busy={busy} onSubmit={(card) => void save(card)}>{said}</SandboxFields>;
}
