// The cart's rules (SPEC §5), pure: the server applies a PUT /cart with them, the app applies the
// same edit to its copy at once (and queues it). Prices are in minor units and always the
// catalogue's: a price sent with a line only says the line is complete, it is never charged.

export interface CartLine {
  id: number;
  variant_id: number;
  quantity: number;
}

/** One edit of PUT /cart's line_items: an addition ({variant_id, quantity, price}), a change ({id, quantity}) or a deletion ({id, _destroy}). */
export interface CartChange {
  id?: number;
  variant_id?: number;
  quantity?: number;
  price?: number;
  _destroy?: boolean;
}

export const CART_MAX_QUANTITY = 20;

/**
 * The lines after the changes, in order. A line is added only with a quantity and a price
 * (SPEC §5); adding a variant already in the cart raises its quantity; `newId` names added lines.
 * Changes to lines not in the cart are ignored (another device removed them); quantities stay
 * within 1..CART_MAX_QUANTITY.
 */
export function applyCartChanges(lines: readonly CartLine[], changes: readonly CartChange[], newId: () => number): { lines: CartLine[]; deleted: number[] } {
  let out = lines.map((line) => ({ ...line }));
  const deleted: number[] = [];
  const clamp = (n: number) => Math.min(CART_MAX_QUANTITY, Math.max(1, Math.trunc(n)));
  for (const change of changes) {
    if (change.id !== undefined) {
      const line = out.find((l) => l.id === change.id);
      if (!line) continue;
      if (change._destroy) {
        out = out.filter((l) => l !== line);
        deleted.push(line.id);
      } else if (change.quantity !== undefined) {
        line.quantity = clamp(change.quantity);
      }
      continue;
    }
    if (change.variant_id === undefined || change.quantity === undefined || change.price === undefined) continue;
    const same = out.find((l) => l.variant_id === change.variant_id);
    if (same) same.quantity = clamp(same.quantity + change.quantity);
    else out.push({ id: newId(), variant_id: change.variant_id, quantity: clamp(change.quantity) });
  }
  return { lines: out, deleted };
}

/** Total = Σ quantity (default 1) × price, in minor units. */
export function cartTotal(lines: readonly { quantity?: number | null; price: number }[]): number {
  return lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.price, 0);
}
