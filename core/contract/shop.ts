// The shop (GET /pass_types, /products/passes) and the cart (GET/PUT/DELETE /cart).
import * as z from 'zod/mini';

/** Something on sale; `id` is the variant a cart line names. Prices are decimal amounts of `currency`. */
export const product = z.object({
  id: z.number(),
  kind: z.enum(['pass', 'membership']),
  name: z.string(),
  description: z.nullable(z.string()),
  price: z.number(),
  currency: z.string(),
  /** A pass's visits; null: unlimited. */
  visits: z.nullable(z.number()),
  /** How long it lasts from the day it is bought. */
  valid_days: z.number(),
  /** Services it pays for, by name. */
  covers: z.array(z.string()),
});
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

export const cartLine = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  variant_id: z.number(),
  quantity: z.number(),
  price: z.number(),
});
export type CartLineItem = z.infer<typeof cartLine>;

export const cart = z.object({
  currency: z.string(),
  total: z.number(),
  line_items: z.array(cartLine),
  /** Lines this write removed (SPEC: deleted_line_items). */
  deleted_line_items: z.array(z.number()),
});
export type Cart = z.infer<typeof cart>;

export const invoice = z.object({
  id: z.number(),
  org_id: z.number(),
  number: z.string(),
  issued_at: z.string(),
  currency: z.string(),
  total: z.number(),
  /** Sales tax included in the total. */
  tax: z.number(),
  /** due: paid at the studio; cancelled: what it was due for was cancelled in time. */
  status: z.enum(['paid', 'due', 'refunded', 'cancelled']),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      /**
       * late_cancel_fee: `name` is the class, `starts_at` when it was; appointment: `name` is the
       * service, `starts_at` when it is; course: `name` is the course, `starts_at` its first class.
       */
      kind: z.optional(z.enum(['pass', 'membership', 'late_cancel_fee', 'appointment', 'course'])),
      starts_at: z.optional(z.string()),
    }),
  ),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = z.array(invoice);

/**
 * A card gateway the server offers (GET /gateways). `publishable_key`: the `stripe` gateway's
 * public key, which the app's card form loads Stripe.js with; absent for the sandbox.
 */
export const gateway = z.object({
  id: z.string(),
  name: z.string(),
  publishable_key: z.optional(z.string()),
});
export type Gateway = z.infer<typeof gateway>;
export const gatewayList = z.array(gateway);
