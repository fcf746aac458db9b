// One app, not ten areas (issue 27): on a 390 px phone, every signed-in route of SPEC §2 is reached
// from the timetable by tapping only, in at most three taps, by the path docs/architecture.md's
// navigation map names. Each trip starts on /classes with the count at zero (the way back, menu then
// Classes, is not counted); a tap is any press, opening the menu drawer included. Each screen's
// heading is checked on arrival. The redirects (/ and /dashboard) are not screens of their own.
import type { Locator, Page } from '@playwright/test';
import { test, expect, DEMO } from './fixtures';
import { classWithAlexsResults, putInCart } from './support/navigation';

test.use({ viewport: { width: 390, height: 844 } });

/** SPEC §2's signed-in screens, as the app's router spells them (the booking steps are paths). */
const ROUTES = [
  '/classes', '/classes/:id', '/classes/:id/workouts', '/classes/:id/leaderboard', '/classes/:id/online', '/whiteboard',
  '/bookings', '/visits', '/visits/:visitId',
  '/appointments/book', '/appointments/book/staff', '/appointments/book/time', '/appointments/book/concession', '/appointments/book/confirm', '/appointments/:id',
  '/courses', '/courses/:id',
  '/account', '/account/edit', '/account/invoices', '/account/passes',
  '/checkout', '/checkout/payment', '/checkout/complete',
  '/activity', '/profile', '/profile/edit', '/profile/facilities', '/friends', '/settings', '/checkin',
  '/training', '/training/lifts', '/training/lifts/:liftId', '/training/workouts/new', '/training/workouts/new/wod', '/training/workouts/new/lift',
  '/training/workouts/wod/:id', '/training/workouts/wod/:id/edit', '/training/workouts/lift/:id', '/training/workouts/lift/:id/edit',
] as const;
type Route = (typeof ROUTES)[number];

const MATCHERS = ROUTES.map((route) => ({ route, pattern: new RegExp(`^${route.replace(/:\w+/g, '\\d+')}$`) }));

/** The SPEC route a pathname is (literal paths win over parameters: /appointments/book is not /appointments/:id). */
function routeOf(pathname: string): Route | undefined {
  const matches = MATCHERS.filter((m) => m.pattern.test(pathname));
  return (matches.find((m) => !m.route.includes(':')) ?? matches[0])?.route;
}

/** Taps from the timetable, counted per trip, and the shortest way each route was reached. */
class Walk {
  private taps = 0;
  private steps: string[] = [];
  readonly reached = new Map<Route, { taps: number; steps: string[] }>();

  constructor(private readonly page: Page) {}

  async tap(target: Locator, step: string): Promise<void> {
    await target.click();
    this.taps += 1;
    this.steps.push(step);
  }

  /** The menu drawer's entry: two taps (open the menu, the entry). */
  async menu(key: string, step: string): Promise<void> {
    await this.tap(this.page.getByRole('button', { name: 'Open menu' }), 'menu');
    await this.tap(this.page.getByTestId(`menu-${key}`), step);
  }

  /** Arrived: the screen's heading shows, the address is a SPEC route, within three taps. */
  async at(heading: string | RegExp): Promise<Route> {
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const pathname = new URL(this.page.url()).pathname;
    const route = routeOf(pathname);
    expect(route, `${pathname} is a SPEC route`).toBeDefined();
    expect(this.taps, `${pathname} (${this.steps.join(' → ')}) within three taps of the timetable`).toBeLessThanOrEqual(3);
    const best = this.reached.get(route!);
    if (!best || best.taps > this.taps) this.reached.set(route!, { taps: this.taps, steps: [...this.steps] });
    return route!;
  }

  /** Back on the timetable by tapping (menu, Classes): a new trip, counted from zero. */
  async home(): Promise<void> {
    if (new URL(this.page.url()).pathname !== '/classes') {
      await this.page.getByRole('button', { name: 'Open menu' }).click();
      await this.page.getByTestId('menu-classes').click();
    }
    await expect(this.page).toHaveURL(/\/classes$/);
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Classes');
    this.taps = 0;
    this.steps = [];
  }
}

test('from the timetable every signed-in screen is at most three taps away, by tapping only', async ({ page, loginPage, baseURL }) => {
  test.setTimeout(240_000);
  const board = await classWithAlexsResults(baseURL!, DEMO.alex.email);
  await putInCart(DEMO.alex.email, 'Harbour Strength', 'Unlimited Membership');
  await loginPage.signInAs(DEMO.alex);
  const walk = new Walk(page);
  await walk.home();
  await walk.at('Classes');

  // The class page and its tabs.
  const firstClass = page.getByTestId('session-row').first();
  const className = (await firstClass.locator('.session-row__name').textContent()) ?? '';
  await walk.tap(firstClass, 'a class');
  await walk.at(className);
  await walk.tap(page.getByRole('link', { name: 'Workouts', exact: true }), 'Workouts');
  await walk.at(className);
  await walk.tap(page.getByRole('link', { name: 'Leaderboard', exact: true }), 'Leaderboard');
  await walk.at(className);
  await walk.home();
  await walk.tap(page.getByTestId('session-row').first(), 'a class');
  await walk.tap(page.getByRole('link', { name: 'Online', exact: true }), 'Online');
  await walk.at(className);

  // The whiteboard, and logging a result from it (a WOD and a lift).
  for (const type of ['wod', 'lift'] as const) {
    await walk.home();
    await walk.menu('whiteboard', 'Whiteboard');
    await walk.at('Whiteboard');
    await walk.tap(page.locator(`a[data-testid="log-result"][href^="/training/workouts/new/${type}"]`).first(), `Log my result (${type})`);
    await walk.at(type === 'wod' ? 'Log a WOD' : 'Log a lift');
  }

  // My bookings: the coming appointment among the classes, with its status.
  await walk.home();
  await walk.menu('bookings', 'My bookings');
  await walk.at('My bookings');
  const appointment = page.getByTestId('appointment-row').first();
  await expect(appointment).toContainText('Booked');
  await walk.tap(appointment.getByRole('link'), 'the appointment');
  await walk.at('Personal Training');

  // Booking an appointment: the menu's Appointments, then each step.
  await walk.home();
  await walk.menu('appointments', 'Appointments');
  await walk.at('Book an appointment');
  for (const step of ['staff', 'time', 'concession', 'confirm']) {
    await walk.home();
    await walk.menu('appointments', 'Appointments');
    await walk.tap(page.locator(`a[href^="/appointments/book/${step}"]`).first(), `the ${step} step`);
    await walk.at('Book an appointment');
  }
  // Also found from My bookings, at the top.
  await walk.home();
  await walk.menu('bookings', 'My bookings');
  await walk.tap(page.getByRole('link', { name: 'Book an appointment' }), 'Book an appointment');
  await walk.at('Book an appointment');

  // Courses.
  await walk.home();
  await walk.menu('courses', 'Courses');
  await walk.at('Courses');
  const course = page.getByTestId('courses').getByRole('link').first();
  const courseName = (await course.locator('.list-row__title').textContent()) ?? '';
  await walk.tap(course, 'a course');
  await walk.at(courseName);

  // Account: passes, invoices, cards and details (a card is stored there for paying below).
  for (const [link, heading] of [['All passes', 'Passes'], ['Invoices', 'Invoices'], ['Payment cards and details', 'Edit account']] as const) {
    await walk.home();
    await walk.menu('account', 'Account');
    await walk.at('Account');
    await walk.tap(page.getByTestId('account-links').getByRole('link', { name: link }), link);
    await walk.at(heading);
  }
  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('stored-card')).toHaveCount(1);

  // The shop from the menu; then the cart waiting in the top bar, payment and the order's invoice.
  await walk.home();
  await walk.menu('shop', 'Shop');
  await walk.at('Cart');
  await expect(page.getByTestId('cart-line')).toContainText('Unlimited Membership');
  await walk.home();
  await walk.tap(page.getByTestId('cart-button'), 'the cart in the top bar');
  await walk.at('Cart');
  await walk.tap(page.getByRole('link', { name: 'Continue to payment' }), 'Continue to payment');
  await walk.at('Payment');
  // An installed app has no browser Back: the cart is one tap from here.
  await expect(page.getByRole('link', { name: 'Back to the cart' })).toHaveAttribute('href', '/checkout');
  await walk.tap(page.getByRole('button', { name: /^Pay / }), 'Pay');
  await walk.at('Order complete');
  const invoice = page.getByTestId('invoice-number');
  await expect(invoice).toHaveText(/^Invoice \S+/);
  const number = (await invoice.textContent())!.replace(/^Invoice /, '');
  await invoice.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
  const target = page.locator('.invoice--target');
  await expect(target).toContainText(number);
  await expect(target).toBeInViewport();
  // Paid: the cart is empty, so the top bar no longer offers it.
  await expect(page.getByTestId('cart-button')).toHaveCount(0);

  // The feed, visits and a visit, settings.
  await walk.home();
  await walk.menu('feed', 'Feed');
  await walk.at('Feed');
  await walk.home();
  await walk.menu('visits', 'Visits');
  await walk.at('Visits');
  const visit = page.locator('main a[href^="/visits/"]').first();
  const visitName = (await visit.locator('.list-row__title').textContent()) ?? '';
  await walk.tap(visit, 'a visit');
  await walk.at(visitName);
  await walk.home();
  await walk.menu('settings', 'Settings');
  await walk.at('Settings');
  await walk.home();
  await walk.menu('checkin', 'Check-in code');
  await walk.at('Check-in code');

  // The profile, from the top bar.
  for (const [link, heading] of [['Edit profile', 'Edit profile'], ['Facilities', 'Facilities'], ['Friends', 'Friends']] as const) {
    await walk.home();
    await walk.tap(page.getByTestId('profile-link'), 'the profile');
    await walk.at('Profile');
    await walk.tap(page.getByRole('link', { name: link, exact: true }), link);
    await walk.at(heading);
  }

  // The training log: a new workout, a WOD and a lift from the log; the lifts and one lift.
  await walk.home();
  await walk.menu('training', 'Training log');
  await walk.at('Training log');
  await walk.tap(page.getByTestId('log-workout'), 'Log a workout');
  await walk.at('Log a workout');
  for (const type of ['wod', 'lift'] as const) {
    await walk.home();
    await walk.menu('training', 'Training log');
    const row = page.locator(`[data-testid="workout-row"][data-workout-type="${type}"]`).first();
    const name = (await row.locator('.log-row__name').textContent()) ?? '';
    await walk.tap(row, `a ${type} in the log`);
    await walk.at(name);
  }
  await walk.home();
  await walk.menu('lifts', 'Lifts');
  await walk.at('Lifts');
  const liftRow = page.getByTestId('lift-summary').first();
  const liftName = (await liftRow.locator('.lift-summary__name').textContent()) ?? '';
  await walk.tap(liftRow.getByRole('link'), 'a lift');
  await walk.at(liftName);

  // A result logged for a class is edited from that class.
  for (const [item, heading] of [['Grace', 'Edit WOD'], ['Snatch singles', 'Edit lift']] as const) {
    await walk.home();
    await walk.tap(page.locator(`[data-testid="session-row"][data-session-id="${board.sessionId}"]`), 'the class');
    await walk.tap(page.getByRole('link', { name: 'Workouts', exact: true }), 'Workouts');
    const card = page.getByTestId('whiteboard-item').filter({ has: page.getByRole('heading', { name: item }) });
    await expect(card.getByTestId('my-result')).toContainText('Your result');
    await walk.tap(card.getByTestId('edit-result'), 'Edit my result');
    await walk.at(heading);
  }

  const map = ROUTES.map((route) => {
    const way = walk.reached.get(route);
    return `${route.padEnd(34)} ${way ? `${way.taps}: ${way.steps.join(' → ') || '(start)'}` : 'NOT REACHED'}`;
  });
  console.log(`Navigation map, taps from the timetable at 390 px:\n${map.join('\n')}`);
  expect(ROUTES.filter((route) => !walk.reached.has(route)), 'every SPEC route reached by tapping').toEqual([]);
});
