// Numbers typed by members: a decimal comma is as good as a point ("62,5" in French or Estonian).
const DECIMAL = /^\d+(?:[.,]\d+)?$/;
const WHOLE = /^\d+$/;

/** A non-negative decimal; NaN when empty or not a number. */
export function parseDecimal(text: string): number {
  const value = text.trim();
  return DECIMAL.test(value) ? Number(value.replace(',', '.')) : Number.NaN;
}

/** A non-negative whole number; NaN when empty or not one. */
export function parseWhole(text: string): number {
  const value = text.trim();
  return WHOLE.test(value) ? Number(value) : Number.NaN;
}

/** What a number input shows for a value: '' for NaN. */
export function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}
