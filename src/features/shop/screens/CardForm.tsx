// Adding a card: the brand shows as the number is typed (credit-card-type), the number is grouped
// as the brand prints it, and Luhn, expiry and CVC length are checked before anything is sent.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrand, cardProblems, formatCardNumber, type CardProblem } from '../../../../core/rules/card';
import { Button } from '../../../ui/button/index';
import { Field } from '../../../ui/field/index';
import type { CardInput } from '../gateway';

export function CardForm({ busy, onSubmit }: { busy: boolean; onSubmit: (card: CardInput) => void }) {
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
    if (found.length === 0) onSubmit(card);
  }

  return (
    <form className="stack stack--sm" onSubmit={submit} noValidate aria-label={t('payment.addCard')}>
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
