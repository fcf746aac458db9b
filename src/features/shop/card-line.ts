// A stored card in one line, the same on the payment screen and in the account: the brand as the
// brand writes it ("Visa", not the gateway's "visa"), the last four digits and the expiry.
import type { TFunction } from 'i18next';
import { cardBrandName } from '../../../core/rules/card';
import type { StoredCard } from './api';

export function cardLine(t: TFunction<'account'>, card: StoredCard): string {
  return t('payment.cardLine', {
    brand: cardBrandName(card.brand) ?? t('payment.card'),
    last4: card.last4,
    month: String(card.exp_month).padStart(2, '0'),
    year: String(card.exp_year).slice(-2),
  });
}
