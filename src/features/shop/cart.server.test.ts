// The cart offline-first against the real reference server on loopback: edits show at once with
// the SPEC §5 rules, wait in the outbox, and reach the server as the cart the member last wanted,
// once, even when an answer is lost.
import { describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { isWrite } from '../../../tests/support/real-server';
import { withCommandServer } from '../../../tests/support/command-server';
import { addToCart, removeFromCart, stepCartQuantity } from './commands';
import { pullShop } from './pull';

const WELLINGTON = seedUuid('facility:harbour-wellington');
const real = withCommandServer('cart');
const browser = real.browser;

async function serverCart(email: string) {
  return real.server.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('members_profiles', 'members_profiles.id', 'carts.profile_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['products.name', 'cart_lines.quantity'])
    .where('members_profiles.email', '=', email)
    .orderBy('cart_lines.id')
    .execute();
}

describe('the cart against the server', () => {
  it('edited offline: shown at once with the cart rules, then the server has what the member last wanted', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullShop(WELLINGTON, orgId, { force: true });
    const products = await db.products.where('org_id').equals(orgId).toArray();
    const ten = products.find((p) => p.name === '10-Visit Pass')!;
    const intro = products.find((p) => p.name === 'Intro 5-Visit Pass')!;

    browser.unreachable = () => true;
    await addToCart(orgId, WELLINGTON, ten);
    await addToCart(orgId, WELLINGTON, ten);
    await addToCart(orgId, WELLINGTON, intro);
    let cart = (await db.carts.get(orgId))!;
    expect(cart.line_items.map((l) => [l.name, l.quantity])).toEqual([['10-Visit Pass', 2], ['Intro 5-Visit Pass', 1]]);
    expect(cart.total).toBe(2 * 220 + 99);
    await removeFromCart(orgId, WELLINGTON, intro.id);
    // Three taps at once (+, +, −), each from what the one before stored: 2 → 3.
    await Promise.all([stepCartQuantity(orgId, WELLINGTON, ten.id, 1), stepCartQuantity(orgId, WELLINGTON, ten.id, 1), stepCartQuantity(orgId, WELLINGTON, ten.id, -1)]);
    cart = (await db.carts.get(orgId))!;
    expect(cart).toMatchObject({ total: 660, line_items: [expect.objectContaining({ quantity: 3 })] });
    expect(await serverCart('demo@example.com')).toEqual([]);

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 7 });
    expect(await serverCart('demo@example.com')).toEqual([{ name: '10-Visit Pass', quantity: 3 }]);
    expect((await db.carts.get(orgId))!).toMatchObject({ total: 660, line_items: [expect.objectContaining({ quantity: 3, name: '10-Visit Pass' })] });
  });

  it('an edit whose answer was lost is sent again without adding twice', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullShop(WELLINGTON, orgId, { force: true });
    const before = await serverCart('demo@example.com');
    const intro = (await db.products.where('org_id').equals(orgId).toArray()).find((p) => p.name === 'Intro 5-Visit Pass')!;
    const had = before.find((l) => l.name === intro.name)?.quantity ?? 0;
    browser.dropAnswer = isWrite;
    await addToCart(orgId, WELLINGTON, intro);
    await flushOutbox({ ignoreBackoff: true });
    browser.dropAnswer = null;
    await flushOutbox({ ignoreBackoff: true });
    expect((await serverCart('demo@example.com')).find((l) => l.name === intro.name)?.quantity).toBe(had + 1);
    expect(await db.outbox.count()).toBe(0);
  });
});
