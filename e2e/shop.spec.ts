import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { withDatabase } from './support/studio';

function serverCartQuantity(email: string, product: string): Promise<number | undefined> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('cart_lines')
      .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
      .innerJoin('members_profiles', 'members_profiles.id', 'carts.profile_id')
      .innerJoin('products', 'products.id', 'cart_lines.product_id')
      .select('cart_lines.quantity')
      .where('members_profiles.email', '=', email)
      .where('products.name', '=', product)
      .executeTakeFirst();
    return row?.quantity;
  });
}

test.describe('shop', () => {
  test('Alex fills the cart, keeps changing it offline with Pay disabled, and the server has it once back online', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/checkout');
    const product = page.getByTestId('product').filter({ hasText: '10-Visit Pass' });
    await product.getByRole('button', { name: 'Add 10-Visit Pass to the cart' }).click();
    const line = page.getByTestId('cart-line').filter({ hasText: '10-Visit Pass' });
    await expect(line.getByTestId('quantity')).toHaveText('1');
    await line.getByRole('button', { name: 'One more' }).click();
    await expect(line.getByTestId('quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-total')).toContainText('440');
    await expectAccessible(page);
    await expect.poll(() => serverCartQuantity(DEMO.alex.email, '10-Visit Pass'), { timeout: 15_000 }).toBe(2);

    await goOffline(context);
    await page.reload();
    await line.getByRole('button', { name: 'One more' }).click();
    await expect(line.getByTestId('quantity')).toHaveText('3');
    await expect(page.getByTestId('cart-total')).toContainText('660');
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    await expect(page.getByText('Paying needs a connection.', { exact: false })).toBeVisible();
    expect(await serverCartQuantity(DEMO.alex.email, '10-Visit Pass')).toBe(2);

    await goOnline(context);
    await expect.poll(() => serverCartQuantity(DEMO.alex.email, '10-Visit Pass'), { timeout: 20_000 }).toBe(3);
    await expect(page.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
  });
});
