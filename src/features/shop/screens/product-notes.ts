// What the member already has, said on a product of the shop (docs/rules.md#shop-and-cart): the
// membership of that name and when another month would start, a pass of that name with what is
// left, and what a visit pass would be for beside the memberships that pay first (passWorth). Only
// from memberships and passes the device knows: while it does not, nothing is said.
import type { TFunction } from 'i18next';
import type { Product } from '../../../../core/contract/types';
import { isValidAt, passWorth, type PassWorth } from '../../../../core/rules/concessions';
import type { Formatter } from '../../../i18n/format';
import { concessionLeft, type Concessions } from '../../account/public';

export interface ProductNotes {
  lines: string[];
  /** A pass memberships would leave unused: the shop asks before adding it. */
  unused: string | null;
}

const NONE: ProductNotes = { lines: [], unused: null };

export function productNotes(t: TFunction<'account'>, format: Formatter, product: Product, concessions: Concessions | undefined, now: Date): ProductNotes {
  if (!concessions?.known) return NONE;
  const lines: string[] = [];
  if (product.kind === 'membership') {
    // Another month of the same membership follows the last one (the checkout's rule).
    const same = concessions.memberships.filter((m) => m.name === product.name && (m.valid_to === null || Date.parse(m.valid_to) > now.getTime()));
    const last = same.sort((a, b) => (b.valid_to ?? '\uffff').localeCompare(a.valid_to ?? '\uffff'))[0];
    if (last) lines.push(last.valid_to === null ? t('shop.have.sameMembershipOpen') : t('shop.have.sameMembership', { date: format.date(last.valid_to) }));
    for (const m of concessions.memberships) {
      if (m.name !== product.name && isValidAt(m, now)) lines.push(m.valid_to === null ? t('shop.have.membershipOpen', { name: m.name }) : t('shop.have.membership', { name: m.name, date: format.date(m.valid_to) }));
    }
    return { lines, unused: null };
  }
  for (const p of concessions.passes) {
    if (p.name === product.name && isValidAt(p, now) && p.visits_left !== 0) lines.push(t('shop.have.pass', { name: p.name, left: concessionLeft(t, format, p, now) }));
  }
  const worth = passWorth(concessions.memberships, product, now);
  const said = worthText(t, format, worth);
  if (said) lines.push(said);
  return { lines, unused: worth.kind === 'unused' ? said : null };
}

function worthText(t: TFunction<'account'>, format: Formatter, worth: PassWorth): string | null {
  switch (worth.kind) {
    case 'unused':
      return t('shop.worth.unused', { name: worth.membership });
    case 'after':
      return t('shop.worth.after', { name: worth.membership, date: format.date(worth.until) });
    case 'services_only':
      return t('shop.worth.servicesOnly', { name: worth.membership, services: worth.services.join(', ') });
    default:
      return null;
  }
}
