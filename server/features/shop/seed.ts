import type { Kysely, Transaction } from 'kysely';
import type { Database, ProductKindText } from '../../db/schema';

// What each demo organisation sells, by the names its passes, memberships and service coverage use:
//   Harbour Strength (NZD): a 10-visit pass, the intro 5-visit pass and the unlimited membership;
//   Tallinn Movement (EUR): the 10-visit pass and a monthly membership;
//   Summit Climbing (NZD): a 10-visit pass.

type Trx = Transaction<Database> | Kysely<Database>;

const PRODUCTS: { org: string; kind: ProductKindText; name: string; description: string; cents: number; visits: number | null; days: number }[] = [
  { org: 'harbour', kind: 'pass', name: '10-Visit Pass', description: 'Ten classes at any Harbour Strength facility, within three months.', cents: 22000, visits: 10, days: 90 },
  { org: 'harbour', kind: 'pass', name: 'Intro 5-Visit Pass', description: 'Five classes to try us out, within two months.', cents: 9900, visits: 5, days: 60 },
  { org: 'harbour', kind: 'membership', name: 'Unlimited Membership', description: 'Every class and open gym for a month, personal training included.', cents: 18900, visits: null, days: 30 },
  { org: 'tallinn', kind: 'pass', name: '10-Visit Pass', description: 'Kümme treeningut kolme kuu jooksul.', cents: 12000, visits: 10, days: 90 },
  { org: 'tallinn', kind: 'membership', name: 'Monthly Membership', description: 'Kõik tunnid kuu aega.', cents: 7900, visits: null, days: 30 },
  { org: 'summit', kind: 'pass', name: '10-Visit Pass', description: 'Ten sessions on the wall within six months.', cents: 18000, visits: 10, days: 180 },
];

export async function seedShop(trx: Trx, now: Date, ctx: { orgIds: Record<string, number> }): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('products')
    .values(PRODUCTS.map((p) => ({ org_id: ctx.orgIds[p.org] as number, kind: p.kind, name: p.name, description: p.description, price_cents: p.cents, visits: p.visits, valid_days: p.days, created_at: at })))
    .execute();
}
