// A card as the member types it, pure: which brand it is (as they type, with credit-card-type),
// whether the number passes Luhn and has a length the brand uses, whether the expiry is still ahead
// and the CVC has the brand's length, and the number grouped as the brand prints it. The card form
// checks with it; the number itself only ever goes to the gateway's tokenisation endpoint.
import creditCardType from 'credit-card-type';

/** The brands SPEC §5 names, as credit-card-type calls them. */
export const CARD_BRANDS = ['visa', 'mastercard', 'american-express', 'diners-club', 'discover', 'jcb', 'unionpay', 'maestro', 'elo', 'mir', 'hiper', 'hipercard'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export interface BrandInfo {
  brand: CardBrand;
  niceType: string;
  lengths: number[];
  gaps: number[];
  cvcLength: number;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The brand a (partly typed) number belongs to; null while it could still be several or none. */
export function cardBrand(number: string): BrandInfo | null {
  const typed = digits(number);
  if (typed === '') return null;
  const [match, ...others] = creditCardType(typed).filter((c) => (CARD_BRANDS as readonly string[]).includes(c.type));
  if (!match || (others.length > 0 && typed.length < 4)) return null;
  return { brand: match.type as CardBrand, niceType: match.niceType, lengths: match.lengths, gaps: match.gaps, cvcLength: match.code.size };
}

/** The Luhn checksum (ISO/IEC 7812-1). */
export function passesLuhn(number: string): boolean {
  const typed = digits(number);
  if (typed.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < typed.length; i += 1) {
    let d = Number(typed[typed.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number grouped as the brand prints it (4-4-4-4, Amex 4-6-5), cut to its longest length. */
export function formatCardNumber(number: string): string {
  const typed = digits(number);
  const info = cardBrand(typed);
  const gaps = info?.gaps ?? [4, 8, 12];
  const max = info ? Math.max(...info.lengths) : 19;
  let out = '';
  [...typed.slice(0, max)].forEach((d, i) => {
    if (gaps.includes(i)) out += ' ';
    out += d;
  });
  return out;
}

export type CardProblem = 'number' | 'expiry' | 'cvc';

/**
 * What is wrong with a card, field by field: a number of a known brand with one of its lengths
 * passing Luhn; an expiry (month 1–12, year two or four digits) not before this month; a CVC of the
 * brand's length.
 */
export function cardProblems(card: { number: string; expMonth: string; expYear: string; cvc: string }, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const info = cardBrand(card.number);
  const typed = digits(card.number);
  if (!info || !info.lengths.includes(typed.length) || !passesLuhn(typed)) problems.push('number');
  const month = Number(card.expMonth);
  const rawYear = Number(card.expYear);
  const year = card.expYear.length === 2 ? 2000 + rawYear : rawYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!Number.isInteger(month) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(card.expYear) || year * 12 + (month - 1) < thisMonth) problems.push('expiry');
  if (!new RegExp(`^\\d{${info?.cvcLength ?? 3}}$`).test(card.cvc)) problems.push('cvc');
  return problems;
}

/**
 * A stored card's brand as the brand writes it ("Visa", "Mastercard", "American Express"), from
 * the code a gateway keeps: credit-card-type's (the sandbox) or Stripe's ("amex", "diners",
 * "cartes_bancaires"…). Null when the gateway does not know the brand: the screen says "Card".
 */
export function cardBrandName(code: string): string | null {
  return BRAND_NAMES[code.trim().toLowerCase().replace(/[\s_]+/g, '-')] ?? null;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  amex: 'American Express',
  'diners-club': 'Diners Club',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  elo: 'Elo',
  mir: 'Mir',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
  'cartes-bancaires': 'Cartes Bancaires',
  'eftpos-au': 'eftpos',
  interac: 'Interac',
};
