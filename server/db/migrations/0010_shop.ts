import type { Kysely } from 'kysely';
import { withId } from './helpers';

// The shop (the account and shop issue): what an organisation sells and each member's cart.
// - products: passes and memberships on sale, by the name passes, memberships and service
//   coverage use; the price in minor units of the organisation's currency; a pass's visits and
//   how long either lasts;
// - carts: one per member and organisation;
// - cart_lines: one per product in a cart (adding it again raises the quantity).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('products'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('visits', 'integer')
    .addColumn('valid_days', 'integer', (col) => col.notNull())
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('products_org_id').on('products').column('org_id').execute();
  await withId(db, db.schema.createTable('carts'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('carts_profile_org', ['profile_id', 'org_id'])
    .execute();
  await withId(db, db.schema.createTable('cart_lines'))
    .addColumn('cart_id', 'integer', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('cart_lines_cart_product', ['cart_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.dropTable('carts').execute();
  await db.schema.dropTable('products').execute();
}
