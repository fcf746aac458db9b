import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import type { Invoice } from '../../../core/contract/types';
import type { InvoicesTable } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';
import { pathId, requireFacility } from '../booking/http';
import type { InvoiceLineRow } from './invoices';

// The member's invoices in the facility's organisation (GET /invoices, /invoices/{id}), newest
// first; another member's invoice is 404.

function present(row: Selectable<InvoicesTable>): Invoice {
  const lines = JSON.parse(row.lines) as InvoiceLineRow[];
  return {
    id: row.id,
    org_id: row.org_id,
    number: row.number,
    issued_at: row.issued_at,
    currency: row.currency,
    total: row.total_cents / 100,
    tax: row.tax_cents / 100,
    status: row.status,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, price: l.price_cents / 100, ...(l.kind && { kind: l.kind }), ...(l.starts_at && { starts_at: l.starts_at }) })),
  };
}

export function invoiceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.get('/', async (c) => {
    const facility = requireFacility(c);
    const rows = await c.get('deps').db.selectFrom('invoices').selectAll().where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id).orderBy('issued_at', 'desc').orderBy('id', 'desc').execute();
    return c.json(rows.map(present));
  });
  routes.get('/:id', async (c) => {
    const facility = requireFacility(c);
    const row = await c.get('deps').db.selectFrom('invoices').selectAll().where('id', '=', pathId(c)).where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id).executeTakeFirst();
    if (!row) throw notFound('The invoice');
    return c.json(present(row));
  });
  return routes;
}
