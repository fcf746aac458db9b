import { describe, expect, it } from 'vitest';
import { cardBrand, cardBrandName, cardProblems, CARD_BRANDS, formatCardNumber, passesLuhn } from './card';

// One known-good test number per brand (the brands' published test ranges).
const SAMPLES: Record<(typeof CARD_BRANDS)[number], string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  'american-express': '378282246310005',
  'diners-club': '30569309025904',
  discover: '6011111111111117',
  jcb: '3566002020360505',
  unionpay: '6200000000000005',
  maestro: '6759649826438453',
  elo: '6362970000457013',
  mir: '2200000000000004',
  hiper: '6370950000000005',
  hipercard: '6062826786276634',
};

describe('card brands (the twelve SPEC §5 names)', () => {
  it('detects each brand from its number', () => {
    for (const [brand, number] of Object.entries(SAMPLES)) expect(cardBrand(number)?.brand, number).toBe(brand);
  });

  it('knows nothing yet from an empty or ambiguous start', () => {
    expect(cardBrand('')).toBeNull();
    expect(cardBrand('4242')?.brand).toBe('visa');
    expect(cardBrand('9999')).toBeNull();
  });
});

describe('Luhn, expiry and CVC', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
  });

  it('names what is wrong, field by field', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', expMonth: '11', expYear: '26', cvc: '123' }, now)).toEqual([]);
    expect(cardProblems({ number: '4242 4242 4242 4241', expMonth: '10', expYear: '2026', cvc: '12' }, now)).toEqual(['number', 'expiry', 'cvc']);
    expect(cardProblems({ number: '378282246310005', expMonth: '1', expYear: '2030', cvc: '123' }, now)).toEqual(['cvc']);
    expect(cardProblems({ number: '378282246310005', expMonth: '13', expYear: '2030', cvc: '1234' }, now)).toEqual(['expiry']);
    expect(cardProblems({ number: '4242 4242', expMonth: '12', expYear: '2027', cvc: '123' }, now)).toEqual(['number']);
  });
});

describe('formatting as typed', () => {
  it('groups as the brand prints it and stops at its longest length', () => {
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42-42')).toBe('4242');
  });
});

describe('a stored card’s brand as the brand writes it', () => {
  it('names every brand the card form knows and Stripe’s codes, never as the code', () => {
    for (const brand of CARD_BRANDS) {
      const name = cardBrandName(brand);
      expect(name, brand).not.toBeNull();
      expect(name, brand).not.toBe(brand);
    }
    expect(['visa', 'mastercard', 'american-express', 'amex', 'diners', 'jcb', 'unionpay', 'cartes_bancaires', 'eftpos_au'].map(cardBrandName)).toEqual(
      ['Visa', 'Mastercard', 'American Express', 'American Express', 'Diners Club', 'JCB', 'UnionPay', 'Cartes Bancaires', 'eftpos'],
    );
    expect(cardBrandName('VISA')).toBe('Visa');
  });

  it('knows no name for a brand the gateway does not know', () => {
    expect(cardBrandName('unknown')).toBeNull();
    expect(cardBrandName('')).toBeNull();
  });
});
