import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, adminPost, withDatabase } from './support/studio';
import type { Appointment, AppointmentSlot, Service, StaffMember } from '../core/contract/types';

const DAY = 86_400_000;

/** Personal Training at Wellington and the first person who gives it, as the member's API sees them. */
async function personalTraining(api: MemberApi): Promise<{ service: Service; person: StaffMember }> {
  const services = (await api.get('/services', 'Wellington')) as Service[];
  const service = services.find((s) => s.name === 'Personal Training')!;
  const staff = (await api.get(`/staff?service_id=${service.id}`, 'Wellington')) as StaffMember[];
  return { service, person: staff[0]! };
}

/** The person's free times for the service from `daysAhead` days on. */
async function freeSlots(api: MemberApi, serviceId: number, staffId: number, daysAhead: number): Promise<string[]> {
  const date = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  const slots = (await api.get(`/staff/${staffId}/availability?service_id=${serviceId}&date=${date}&days=7`, 'Wellington')) as AppointmentSlot[];
  return slots.filter((s) => s.available).map((s) => s.start_at);
}

/** Books through the API (hold, then book): the first free time from `daysAhead` days on. */
async function bookThroughApi(api: MemberApi, daysAhead: number): Promise<Appointment> {
  const { service, person } = await personalTraining(api);
  const [start] = await freeSlots(api, service.id, person.id, daysAhead);
  const held = (await api.post('/appointments', 'Wellington', { appointment: { service_id: service.id, staff_id: person.id, start_at: start } })).body as Appointment;
  return (await api.put(`/appointments/${held.id}/book`, 'Wellington')).body as Appointment;
}

function serverAppointment(id: number) {
  return withDatabase((db) => db.selectFrom('appointments').select(['status', 'start_at', 'late_cancelled']).where('id', '=', id).executeTakeFirstOrThrow());
}

const holdFromUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('hold'));

test.describe('appointments', () => {
  test('Alex books a 60-minute PT session through all five steps, sees it in My bookings and its page, and that page opens offline', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/appointments/book');
    await page.getByTestId('services').getByRole('listitem').filter({ has: page.getByText('Personal Training', { exact: true }) }).getByRole('link').click();
    await expect(page).toHaveURL(/\/appointments\/book\/staff\?service=\d+$/);
    await expect(page.getByTestId('staff').getByRole('link').first()).toContainText('Anyone available');
    await expectAccessible(page);
    await page.getByTestId('staff').getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/appointments\/book\/time\?service=\d+&staff=\d+$/);
    const timeStep = page.url();
    const slot = page.getByTestId('slots').getByRole('button').first();
    await expect(slot).toBeVisible();
    await expectAccessible(page);
    await slot.click();
    await expect(page).toHaveURL(/\/appointments\/book\/concession\?.*hold=\d+/);
    await expect(page.getByTestId('hold-left')).toContainText(/for another \d+:\d\d/);
    await expect(page.getByTestId('concession')).toContainText(/Covered by your|visits|paid at the studio/);
    await expectAccessible(page);
    // The URL carries the choices: a reload resumes the step with the same hold.
    const hold = holdFromUrl(page);
    await page.reload();
    await expect(page.getByTestId('concession')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/appointments\/book\/confirm\?/);
    await expect(page.getByTestId('appointment-summary')).toContainText('Personal Training');
    await expect(page.getByTestId('appointment-summary')).toContainText('60 min');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${hold}$`));
    await expect(page.getByTestId('appointment-facts')).toContainText('Booked');
    expect((await serverAppointment(hold)).status).toBe('booked');

    await page.goto('/bookings');
    // Among the coming classes, with its status.
    const row = page.getByTestId('bookings').locator(`[data-testid="appointment-row"][data-appointment-id="${hold}"]`);
    await expect(row).toContainText('Booked');
    await row.getByRole('link', { name: /Personal Training/ }).click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);

    await goOffline(context);
    await page.goto(`/appointments/${hold}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Training');
    await expect(page.getByTestId('appointment-facts')).toContainText('Booked');
    // The week last fetched is shown with when, and cannot be held offline.
    await page.goto(timeStep);
    await expect(page.getByText(/^Times as of /)).toBeVisible();
    await expect(page.getByTestId('slots').getByRole('button').first()).toBeDisabled();
    await goOnline(context);
  });

  test("Sam takes Alex's held time after Alex's hold lapses: Alex is told and takes the nearest free time instead", { tag: '@two-processes' }, async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const sam = await MemberApi.signIn(baseURL!, DEMO.sam.email);
    const { service, person } = await personalTraining(alex);
    await loginPage.signInAs(DEMO.alex);
    // A shared link straight to the time step.
    await page.goto(`/appointments/book/time?service=${service.id}&staff=${person.id}`);
    await page.getByTestId('slots').getByRole('button').first().click();
    await expect(page).toHaveURL(/hold=\d+/);
    const hold = holdFromUrl(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('appointment-summary')).toBeVisible();

    // Ten minutes pass; Sam takes the time.
    const { start_at } = await serverAppointment(hold);
    await withDatabase((db) => db.updateTable('appointments').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', hold).execute());
    const taken = await sam.post('/appointments', 'Wellington', { appointment: { service_id: service.id, staff_id: person.id, start_at } });
    expect(taken.status).toBe(201);

    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const lapsed = page.getByTestId('hold-lapsed');
    await expect(lapsed).toContainText('Your hold on this time ran out.');
    const nearest = lapsed.getByRole('button');
    await expect(nearest.first()).toBeVisible();
    await expectAccessible(page);
    await nearest.first().click();
    await expect(page).toHaveURL(/\/appointments\/book\/concession\?.*hold=\d+/);
    const second = holdFromUrl(page);
    expect(second).not.toBe(hold);
    const again = await serverAppointment(second);
    expect(again.status).toBe('held');
    expect(again.start_at).not.toBe(start_at);
    // The new time is held afresh: its time left shows, and it books.
    await expect(page.getByTestId('hold-left')).toBeVisible();
    await expect(page.getByTestId('hold-lapsed')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${second}$`));
    await expect.poll(async () => (await serverAppointment(second)).status).toBe('booked');
    await alex.close();
    await sam.close();
  });

  test('Alex reschedules, then late-cancels after the prompt once it is inside 24 hours', { tag: '@two-processes' }, async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const booked = await bookThroughApi(alex, 3);
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/appointments/${booked.id}`);
    await page.getByRole('link', { name: 'Reschedule' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/book/time\\?reschedule=${booked.id}&`));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Choose a new time');
    const slot = page.getByTestId('slots').getByRole('button').nth(1);
    await slot.click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.id}$`));
    await expect.poll(async () => (await serverAppointment(booked.id)).start_at, { timeout: 15_000 }).not.toBe(booked.start_at);

    // The studio moves it to a few hours from now (the member is notified, the app fetches it):
    // cancelling is now a late cancel. A quarter-hour someone else has is skipped.
    let moved = 409;
    for (let quarter = 0; moved === 409 && quarter < 16; quarter += 1) {
      const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000 + quarter * 900_000).toISOString();
      moved = (await adminPost(baseURL!, `/appointments/${booked.id}/move`, { start_at: soon })).status;
    }
    expect(moved).toBe(200);
    await expect(page.getByText('It starts within 24 hours and can no longer be moved.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Confirm late cancel');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, late cancel' }).click();
    // Said once: late cancelled (it is a kind of cancelled), not "Cancelled · Late cancelled".
    await expect(page.getByTestId('appointment-facts').getByText(/cancelled/i)).toHaveText('Late cancelled');
    await expect.poll(async () => (await serverAppointment(booked.id)).late_cancelled, { timeout: 15_000 }).toBe(1);
    await alex.close();
  });

  test('an "appointment moved" notification opens the real appointment', async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const booked = await bookThroughApi(alex, 8);
    const { service, person } = await personalTraining(alex);
    const later = (await freeSlots(alex, service.id, person.id, 9))[0]!;
    await loginPage.signInAs(DEMO.alex);
    const moved = await adminPost(baseURL!, `/appointments/${booked.id}/move`, { start_at: later });
    expect(moved.status).toBe(200);
    await page.getByTestId('notifications-bell').click();
    const row = page.locator('[data-testid="notification"][data-type="appointment"]').filter({ hasText: 'Personal Training' }).first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.locator('.notification__open').click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Training');
    await alex.close();
  });

  test('Alex enrols in a course: every class is booked and the course shows it', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/courses');
    const rows = page.getByTestId('courses').getByRole('link');
    await expect(rows.first()).toBeVisible();
    await expectAccessible(page);
    await rows.last().click();
    await expect(page).toHaveURL(/\/courses\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('course-classes').getByRole('link').first()).toBeVisible();
    const classes = await page.getByTestId('course-classes').getByRole('link').count();
    expect(classes).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Enrol' }).click();
    // It takes money: asked first, paid at the studio.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Enrol and pay at the studio' }).click();
    await expect(page.getByTestId('enrolled')).toHaveText('You are enrolled');
    await expectAccessible(page);
    const booked = await withDatabase((db) => db.selectFrom('visits').innerJoin('sessions', 'sessions.id', 'visits.session_id').innerJoin('members_profiles', 'members_profiles.id', 'visits.profile_id')
      .select('visits.id').where('sessions.course_id', '=', id).where('members_profiles.email', '=', DEMO.alex.email).where('visits.state', '=', 'booked').execute());
    expect(booked).toHaveLength(classes);
  });
});

test.describe('appointments on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the booking steps are named in a member’s words, and all five fit a 390 px phone whole', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/appointments/book');
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    await expect(steps.getByRole('link')).toHaveText(['Service', 'Who', 'When', 'Payment', 'Book']);
    // Nothing waits past the edge (no tab faded or cut).
    expect(await steps.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  });

  test('moving an appointment is titled so and opens on the appointment’s own day', async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    // In the second week shown, so neither today nor the first free day.
    const booked = await bookThroughApi(alex, 9);
    await alex.close();
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/appointments/${booked.id}`);
    await page.getByRole('link', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Move your appointment');
    await expect(page.getByRole('navigation', { name: 'Booking steps' })).toHaveCount(0);
    const day = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: 'numeric' }).format(new Date(booked.start_at));
    await expect(page.getByRole('list', { name: 'Days' }).getByRole('button', { pressed: true }).locator('.appt-day__date')).toHaveText(day);
    await expect(page.getByTestId('slots')).toBeVisible();
    await expectAccessible(page);
  });
});
