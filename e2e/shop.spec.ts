import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, withDatabase } from './support/studio';
import { emptyCarts, payForTenVisitPass } from './support/shop';

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
  test('Alex fills the cart, keeps changing it offline with Pay disabled, and the server has it once back online', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/checkout');
    const product = page.getByTestId('product').filter({ hasText: '10-Visit Pass' });
    // His Unlimited Membership would leave the pass unused: the shop says so and asks first.
    await expect(product.getByTestId('product-note')).toContainText('it would expire unused');
    await product.getByRole('button', { name: 'Add 10-Visit Pass to the cart' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Add it anyway' }).click();
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
    await expect(page.getByText('You’re offline — payment needs a connection', { exact: false })).toBeVisible();
    expect(await serverCartQuantity(DEMO.alex.email, '10-Visit Pass')).toBe(2);

    await goOnline(context);
    await expect.poll(() => serverCartQuantity(DEMO.alex.email, '10-Visit Pass'), { timeout: 20_000 }).toBe(3);
    await expect(page.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
  });
});

test.describe('paying', () => {
  test('a declined card says so and charges nothing; Alex then buys a 10-visit pass with a 3-D Secure card, sees it in Account with 10 left, books a class with it and sees 9 left', { tag: '@two-processes' }, async ({ page, loginPage, baseURL }) => {
    // His Harbour membership ended last month, so the new pass is what pays for classes.
    const restoreMembership = await endAlexsHarbourMembership();
    try {
      // Start from an empty cart (an earlier journey may have filled it).
      await emptyCarts(DEMO.alex.email);
      await loginPage.signInAs(DEMO.alex);
      await payForTenVisitPass(page);

      const addCard = async (number: string) => {
        if (await page.getByRole('button', { name: 'Add a card' }).isVisible()) await page.getByRole('button', { name: 'Add a card' }).click();
        await page.getByLabel('Card number').fill(number);
        await expect(page.getByText('Visa', { exact: true })).toBeVisible();
        await page.getByLabel('Expiry').fill('12/30');
        await page.getByLabel('Security code').fill('123');
        await page.getByRole('button', { name: 'Save card' }).click();
        await expect(page.getByRole('radio', { name: new RegExp(`ending ${number.slice(-4)}`) })).toBeChecked();
      };
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry').fill('12/30');
      await page.getByLabel('Security code').fill('12');
      await page.getByRole('button', { name: 'Save card' }).click();
      await expect(page.getByTestId('card-number-error')).toHaveText('Check the card number.');
      await expect(page.getByTestId('card-cvc-error')).toHaveText('The security code has 3 digits.');
      await expectAccessible(page);

      await addCard('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByTestId('payment-problem')).toHaveText('Your card was declined.');
      const passesBefore = await withDatabase((db) => db.selectFrom('passes').innerJoin('members_profiles', 'members_profiles.id', 'passes.profile_id').select('passes.id').where('members_profiles.email', '=', DEMO.alex.email).execute());

      await addCard('4000 0000 0000 3220');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(page).toHaveURL(/\/checkout\/complete$/);
      await expect(page.getByTestId('invoice-number')).toContainText(/Invoice INV-/);
      await expectAccessible(page);
      const passesAfter = await withDatabase((db) => db.selectFrom('passes').innerJoin('members_profiles', 'members_profiles.id', 'passes.profile_id').select('passes.id').where('members_profiles.email', '=', DEMO.alex.email).execute());
      expect(passesAfter.length).toBe(passesBefore.length + 1);

      await page.goto('/account/passes');
      await expect(page.getByTestId('passes').getByTestId('pass').filter({ hasText: '10-Visit Pass' })).toContainText('10 of 10 visits left');
      const until = (await page.getByTestId('passes').getByTestId('pass').filter({ hasText: '10-Visit Pass' }).getByText(/^10 of 10 visits left, until /).textContent())!.replace(/^.*, until /, '');

      // The invoice is in Account, and prints on its own.
      await page.goto('/account/invoices');
      const invoice = page.getByTestId('invoice').first();
      await expect(invoice.getByTestId('invoice-total')).toHaveText('$220.00');
      await expectAccessible(page);
      await page.evaluate(() => {
        window.print = () => {
          (window as unknown as { printed: string | null }).printed = document.querySelector('.invoice--printing')?.textContent ?? null;
        };
      });
      await invoice.getByRole('button', { name: 'Print' }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: string | null }).printed)).toContain('10-Visit Pass');

      // The stored cards are managed from the account: the declined card lost the default to the
      // 3-D Secure card saved after it; it goes, and comes back as the default.
      await page.goto('/account/edit');
      const cards = page.getByTestId('stored-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: 'ending 3220' })).toContainText('Default');
      await expectAccessible(page);
      await cards.filter({ hasText: 'ending 0002' }).getByRole('button', { name: 'Make default' }).click();
      await expect(cards.filter({ hasText: 'ending 0002' })).toContainText('Default');
      await cards.filter({ hasText: 'ending 0002' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('ending 3220');
      await expect(cards).toContainText('Default');

      // Book a class with it: the class says beforehand what booking uses, then what is left.
      const api = await MemberApi.signIn(baseURL!, DEMO.alex.email);
      const now = Date.now();
      const free = (await api.sessions('Wellington', 6)).find((s) => s.visit === null && !s.cancelled && !s.full && Date.parse(s.booking_open_date) < now && Date.parse(s.cancellation_close_date) > now + 3_600_000);
      await api.close();
      expect(free, 'a class Alex can book at Wellington').toBeDefined();
      // The class says what is left in the same line as the account.
      await page.goto(`/classes/${free!.id}`);
      await expect(page.getByTestId('concession')).toHaveText(`Booking uses 1 visit of your 10-Visit Pass: 10 of 10 visits left, until ${until}.`);
      await page.locator('[data-action="book"]').click();
      await expect(page.getByTestId('concession')).toHaveText(`Paid with your 10-Visit Pass: 9 of 10 visits left, until ${until}.`);
      await expectAccessible(page);
      await page.goto('/account/passes');
      await expect(page.getByTestId('passes').getByTestId('pass').filter({ hasText: '10-Visit Pass' })).toContainText('9 of 10 visits left');
    } finally {
      await restoreMembership();
    }
  });
});

test.describe('stored cards on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a card reads “Visa ending 0002”; once declined it is no longer picked nor the default, and the next card saved is', async ({ page, loginPage }) => {
    // A pass is what Alex would pay with once his membership has ended (else the shop asks first).
    await endAlexsHarbourMembership();
    await loginPage.signInAs(DEMO.alex);
    await payForTenVisitPass(page);
    const declined = page.getByRole('radio', { name: 'Visa ending 0002, expires 12/30', exact: true });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(declined).toBeChecked();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('payment-problem')).toHaveText('Your card was declined.');
    // Not picked again for the member: Pay waits for a choice, and says so.
    await expect(declined).not.toBeChecked();
    await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
    await expect(page.getByTestId('choose-card')).toHaveText('Choose a card to pay with, or add one.');
    // Nor the next time the payment screen opens.
    await page.reload();
    await expect(page.getByTestId('order-summary')).toBeVisible();
    await expect(declined).not.toBeChecked();

    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByRole('radio', { name: 'Visa ending 4242, expires 12/30', exact: true })).toBeChecked();
    await expect(page.getByTestId('choose-card')).toHaveCount(0);

    await page.goto('/account/edit');
    const cards = page.getByTestId('stored-card');
    await expect(cards).toHaveCount(2);
    // The brand as Visa writes it (the gateway keeps "visa").
    await expect(cards.filter({ hasText: /ending 0002/ }).getByText('Visa ending 0002, expires 12/30', { exact: true })).toBeVisible();
    await expect(cards.filter({ hasText: /ending 0002/ })).not.toContainText('Default');
    await expect(cards.filter({ hasText: /ending 0002/ }).getByRole('button', { name: 'Make default' })).toBeVisible();
    await expect(cards.filter({ hasText: /ending 4242/ }).getByText('Visa ending 4242, expires 12/30', { exact: true })).toBeVisible();
    await expect(cards.filter({ hasText: /ending 4242/ })).toContainText('Default');
  });
});

test.describe('a payment cut mid-way', () => {
  test('Pay tapped twice sends one payment; its answer lost after the charge, the app asks the server and shows what was bought, charged once; offline, Pay is disabled', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    const alexId = await emptyCarts(DEMO.alex.email);
    // Without his membership the pass is one he would use, so the shop adds it without asking.
    await endAlexsHarbourMembership();
    const cardsBefore = (await withDatabase((db) => db.selectFrom('payment_sources').select('id').where('profile_id', '=', alexId).execute())).map((c) => c.id);
    const sent = { payments: 0, states: 0 };
    await loginPage.signInAs(DEMO.alex);
    await payForTenVisitPass(page);
    if (await page.getByRole('button', { name: 'Add a card' }).isVisible()) await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    const visa = page.getByRole('radio', { name: /ending 4242/ }).last();
    await expect(visa).toBeChecked();

    // Offline the order stays on screen, Pay is disabled and says why.
    await goOffline(context);
    await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
    await expect(page.getByTestId('pay-offline')).toHaveText('You’re offline — payment needs a connection. Your cart is kept.');
    await goOnline(context);
    // The first payment reaches the server (which charges and grants), then its answer is lost.
    await context.route('**/api/v1/checkout', async (route) => {
      const request = route.request();
      if (request.method() === 'GET') sent.states += 1;
      if (request.method() === 'PUT' && request.postData()?.includes('"payment"')) {
        sent.payments += 1;
        if (sent.payments === 1) {
          await route.fetch();
          await route.abort('connectionreset');
          return;
        }
      }
      await route.continue();
    });
    const pay = page.getByRole('button', { name: /^Pay / });
    await expect(pay).toBeEnabled();
    await visa.check();
    const passesBefore = await withDatabase((db) => db.selectFrom('passes').select('id').where('profile_id', '=', alexId).execute());

    await pay.dblclick();
    await expect(page).toHaveURL(/\/checkout\/complete$/);
    await expect(page.getByTestId('invoice-number')).toContainText(/Invoice INV-/);
    // What was bought, its invoice, and where to use it.
    await expect(page.getByTestId('bought')).toContainText('1 × 10-Visit Pass');
    await expect(page.getByTestId('bought')).toContainText('$220.00');
    await expect(page.getByRole('link', { name: 'Book a class with it' })).toHaveAttribute('href', '/classes');
    await expectAccessible(page);
    expect(sent).toEqual({ payments: 1, states: 1 });
    const order = await withDatabase((db) => db.selectFrom('orders').select(['id', 'status']).where('profile_id', '=', alexId).where('status', '<>', 'due').orderBy('id', 'desc').executeTakeFirstOrThrow());
    expect(order.status).toBe('paid');
    await withDatabase(async (db) => {
      expect(await db.selectFrom('sandbox_charges').select('id').where('idempotency_key', '=', `order-${order.id}`).execute()).toHaveLength(1);
      expect(await db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
      expect(await db.selectFrom('passes').select('id').where('profile_id', '=', alexId).execute()).toHaveLength(passesBefore.length + 1);
    });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // No card of this journey left for the next one.
    await withDatabase((db) => db.deleteFrom('payment_sources').where('profile_id', '=', alexId).where('id', 'not in', [0, ...cardsBefore]).execute());
  });
});

/** Ends Alex's Harbour membership yesterday; returns how to put it back. */
async function endAlexsHarbourMembership(): Promise<() => Promise<void>> {
  const row = await withDatabase((db) =>
    db.selectFrom('memberships').innerJoin('members_profiles', 'members_profiles.id', 'memberships.profile_id').select(['memberships.id', 'memberships.valid_to'])
      .where('members_profiles.email', '=', DEMO.alex.email).where('memberships.name', '=', 'Unlimited Membership').executeTakeFirstOrThrow(),
  );
  await withDatabase((db) => db.updateTable('memberships').set({ valid_to: new Date(Date.now() - 86_400_000).toISOString() }).where('id', '=', row.id).execute());
  return () => withDatabase(async (db) => void (await db.updateTable('memberships').set({ valid_to: row.valid_to }).where('id', '=', row.id).execute()));
}
