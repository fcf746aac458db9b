// Steps the shop journeys share: an empty cart to start from, and a 10-visit pass taken to payment.
import { expect, type Page } from '@playwright/test';
import { withDatabase } from './studio';

/** Empties the member's carts in every organisation; answers the member's id. */
export function emptyCarts(email: string): Promise<number> {
  return withDatabase(async (db) => {
    const member = await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const carts = await db.selectFrom('carts').select('id').where('profile_id', '=', member.id).execute();
    if (carts.length > 0) await db.deleteFrom('cart_lines').where('cart_id', 'in', carts.map((c) => c.id)).execute();
    return member.id;
  });
}

/** From the shop: a 10-Visit Pass in the cart, on to the payment screen with its order summary. */
export async function payForTenVisitPass(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByTestId('product').filter({ hasText: '10-Visit Pass' }).getByRole('button', { name: /^Add 10-Visit Pass/ }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('order-summary')).toContainText('1 × 10-Visit Pass');
}
