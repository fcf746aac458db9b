import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { sql } from 'kysely';
import type { Leaderboard } from '../core/contract/types';
import { countOf, currentStudio, MemberApi, withDatabase } from './support/studio';
import { LoginPage } from './pages/LoginPage';

interface StoredLift {
  id: number;
  load_value: number | null;
  load_units: string | null;
  rep_scheme: string;
  sets: string;
}

/** The member's workouts carrying this note, straight from the server's database. */
function workoutsWithNote(note: string): Promise<StoredLift[]> {
  return withDatabase(async (db) => (await sql<StoredLift>`SELECT id, load_value, load_units, rep_scheme, sets FROM workouts WHERE notes = ${note}`.execute(db)).rows);
}

/** How many rows of a table, joined to their member, name this member and this id. */
function countFor(table: 'workouts' | 'workout_reactions', column: 'session_id' | 'workout_id', id: number, email: string): Promise<number> {
  return countOf(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} t JOIN members_profiles p ON p.id = t.profile_id WHERE ${sql.ref(`t.${column}`)} = ${id} AND p.email = ${email}`);
}

const alexResultsFor = (sessionId: number) => countFor('workouts', 'session_id', sessionId, DEMO.alex.email);
const alexReactionsFor = (workoutId: number) => countFor('workout_reactions', 'workout_id', workoutId, DEMO.alex.email);

function trackTraining(email: string): Promise<number> {
  return countOf(sql<{ n: number }>`SELECT track_training AS n FROM members_profiles WHERE email = ${email}`);
}

/** Puts a member's training log setting back as the seed has it, for the journeys after this one. */
async function setTrackTraining(email: string, on: boolean): Promise<void> {
  await withDatabase((db) => db.updateTable('members_profiles').set({ track_training: on ? 1 : 0 }).where('email', '=', email).execute());
}

/** Today's public Olympic Lifting class at Wellington: others logged Grace there, Alex has not. */
async function publicBoardClass(): Promise<number> {
  const rows = await withDatabase(
    async (db) =>
      (
        await sql<{ id: number }>`SELECT s.id FROM sessions s
             JOIN facilities f ON f.id = s.facility_id
             JOIN whiteboard_items i ON i.session_id = s.id
             JOIN workout_definitions d ON d.id = i.definition_id
            WHERE f.name = 'Wellington' AND s.name = 'Olympic Lifting' AND s.whiteboard_visibility = 'public' AND d.name = 'Grace'
              AND EXISTS (SELECT 1 FROM workouts w WHERE w.session_id = s.id)
              AND NOT EXISTS (SELECT 1 FROM workouts w JOIN members_profiles p ON p.id = w.profile_id WHERE w.session_id = s.id AND p.email = ${DEMO.alex.email})
            ORDER BY s.id DESC`.execute(db)
      ).rows,
  );
  if (!rows[0]) throw new Error('no public Olympic Lifting board without Alex in the seed');
  return rows[0].id;
}

async function fillSetWeights(page: Page, weights: number[]): Promise<void> {
  const rows = page.getByTestId('set-row');
  await expect(rows).toHaveCount(weights.length);
  for (const [index, weight] of weights.entries()) await rows.nth(index).getByTestId('set-weight').fill(String(weight));
}

test.describe('training log', () => {
  test('a lift logged offline from a 5x5 scheme, edited and reloaded, reaches the server once', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    const note = `Offline squats ${Date.now()}`;
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    await expectAccessible(page);
    // The movement catalogue is on the device once the form has been opened online.
    await page.goto('/training/workouts/new/lift');
    await expect(page.getByTestId('lift-movement').locator('option', { hasText: 'Back Squat' })).toHaveCount(1);
    await page.goto('/training');

    await goOffline(context);
    await page.getByRole('link', { name: 'Log a workout' }).click();
    await expectAccessible(page);
    await page.getByTestId('new-lift').click();
    await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
    await page.getByTestId('lift-scheme').fill('5x5');
    await fillSetWeights(page, [100, 100, 100, 100, 100]);
    await expect(page.getByTestId('lift-load')).toHaveText('2,500 kg');
    await page.getByTestId('lift-scheme').fill('5 X 5 X');
    await expect(page.getByTestId('set-row')).toHaveCount(0);
    await page.getByTestId('lift-scheme').fill('5x5');
    await expect(page.getByTestId('set-row')).toHaveCount(5);
    // The weights typed before the scheme was half rewritten come back with it.
    await expect(page.getByTestId('lift-load')).toHaveText('2,500 kg');
    await page.getByLabel('Notes').fill(note);
    await expectAccessible(page);
    await page.getByTestId('save-workout').click();

    await expect(page).toHaveURL(/\/training\/workouts\/lift\/-\d+$/);
    await expect(page.getByTestId('workout-detail')).toBeVisible();
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId('edit-workout').click();
    await expect(page.getByTestId('set-row')).toHaveCount(5);
    await page.getByTestId('set-row').nth(4).getByTestId('set-weight').fill('110');
    await expect(page.getByTestId('lift-load')).toHaveText('2,550 kg');
    await expectAccessible(page);
    await page.getByTestId('save-workout').click();
    await expect(page.getByTestId('workout-detail')).toContainText('2,550');
    expect(await workoutsWithNote(note)).toHaveLength(0);

    await page.reload();
    await expect(page.getByTestId('workout-detail')).toContainText('2,550');
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await page.goto('/training');
    await expect(page.getByTestId('workout-row').first()).toContainText('Back Squat');
    await page.getByTestId('workout-row').first().click();
    expect(await workoutsWithNote(note)).toHaveLength(0);

    await goOnline(context);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
    await expect(page).toHaveURL(/\/training\/workouts\/lift\/\d+$/);
    const stored = await workoutsWithNote(note);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rep_scheme: '5x5', load_value: 2550, load_units: 'kilograms' });
    const sets = JSON.parse(stored[0]!.sets) as { repetitions: number; values: { weight: { value: number } } }[];
    expect(sets.map((s) => [s.repetitions, s.values.weight.value])).toEqual([[5, 100], [5, 100], [5, 100], [5, 100], [5, 110]]);
    await expect(page.getByTestId('workout-detail')).toHaveAttribute('data-workout-id', String(stored[0]!.id));
  });

  test("a WOD logged for a class shows on that class's leaderboard", { tag: '@two-processes' }, async ({ page, loginPage }) => {
    const classId = await publicBoardClass();
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${classId}/workouts`);
    const grace = page.getByTestId('whiteboard-item').filter({ hasText: 'Grace' });
    await expect(grace).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/classes/${classId}/leaderboard`);
    const board = page.getByTestId('leaderboard-board').filter({ hasText: 'Grace' });
    await expect(board.getByTestId('leaderboard-entry').first()).toBeVisible();
    await expect(board.getByTestId('leaderboard-mine')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/classes/${classId}/workouts`);
    await grace.getByTestId('log-result').click();
    await expect(page.getByTestId('wod-form')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Grace');
    await expect(page.getByTestId('wod-scoring')).toHaveValue('for_time');
    await page.getByTestId('wod-time').fill('1:59');
    await page.getByLabel('As prescribed (Rx)').check();
    await expectAccessible(page);
    await page.getByTestId('save-workout').click();
    await expect(page.getByTestId('workout-detail')).toContainText('1:59');
    // Synced once the page follows the workout to the id the server gave it.
    await expect(page).toHaveURL(/\/training\/workouts\/wod\/\d+$/, { timeout: 15_000 });
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    expect(await alexResultsFor(classId)).toBe(1);

    await page.goto(`/classes/${classId}/leaderboard`);
    const mine = board.getByTestId('leaderboard-entry').filter({ has: page.getByTestId('leaderboard-mine') });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('1:59');
    await expect(mine).toHaveAttribute('data-rank', '1');

    // Cheering someone else's result is a queued write too.
    const other = board.getByTestId('leaderboard-entry').filter({ hasNot: page.getByTestId('leaderboard-mine') }).first();
    const cheer = other.getByTestId('cheer');
    const before = Number(await other.getByTestId('cheer-count').textContent());
    await cheer.click();
    await expect(cheer).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByTestId('cheer-count')).toHaveText(String(before + 1));
    const cheered = Number(await other.getAttribute('data-workout-id'));
    await expect.poll(() => alexReactionsFor(cheered), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page);
  });

  test('Alex picks pounds and hides from leaderboards: new lifts start in lb, Sam no longer sees Alex on a class board', async ({ page, loginPage, baseURL }) => {
    const board = await withDatabase(async (db) =>
      (await sql<{ id: number; start_at: string; definition_id: number }>`SELECT s.id, s.start_at, d.id AS definition_id FROM sessions s
           JOIN facilities f ON f.id = s.facility_id
           JOIN whiteboard_items i ON i.session_id = s.id
           JOIN workout_definitions d ON d.id = i.definition_id
          WHERE f.name = 'Wellington' AND s.name = 'Olympic Lifting' AND s.whiteboard_visibility = 'public' AND d.name = 'Grace'
          ORDER BY s.id LIMIT 1`.execute(db)).rows[0]);
    if (!board) throw new Error('no public Grace board at Wellington in the seed');
    const [alex, sam] = await Promise.all([MemberApi.signIn(baseURL!, DEMO.alex.email), MemberApi.signIn(baseURL!, DEMO.sam.email)]);
    const logged = await alex.post('/workouts', 'Wellington', {
      workout: { type: 'wod', name: 'Grace', session_id: board.id, workout_definition_id: board.definition_id, completed_at: new Date(board.start_at).toISOString(), scoring: 'for_time', score_time: 150, as_prescribed: true },
    });
    expect(logged.status).toBe(201);
    const resultId = (logged.body as { id: number }).id;
    const samSees = async () => ((await sam.get(`/leaderboard?session_id=${board.id}`, 'Wellington')) as Leaderboard).boards.flatMap((b) => b.entries.map((e) => e.workout_id)).includes(resultId);
    try {
      expect(await samSees()).toBe(true);

      await loginPage.signInAs(DEMO.alex);
      await page.goto('/settings');
      await page.getByRole('radio', { name: 'Pounds (lb)' }).check();
      await page.getByRole('checkbox', { name: 'Hide my results from class leaderboards' }).check();
      await expect(page.getByRole('radio', { name: 'Pounds (lb)' })).toBeChecked();
      await expectAccessible(page);

      // The log's page brings the movement catalogue onto the device.
      await page.goto('/training');
      await expect(page.getByTestId('workout-row').first()).toBeVisible();
      await page.getByRole('link', { name: 'Log a workout' }).click();
      await page.getByTestId('new-lift').click();
      await expect(page.getByTestId('lift-movement').locator('option', { hasText: 'Back Squat' })).toHaveCount(1);
      await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
      await page.getByTestId('lift-scheme').fill('3x5');
      await expect(page.getByTestId('lift-units-weight')).toHaveValue('pounds');
      await expect(page.getByLabel('Weight (lb)')).toHaveCount(3);

      await expect.poll(samSees, { timeout: 15_000 }).toBe(false);
      await page.goto(`/classes/${board.id}/leaderboard`);
      const mine = page.getByTestId('leaderboard-entry').filter({ has: page.getByTestId('leaderboard-mine') });
      await expect(mine.getByTestId('leaderboard-only-you').first()).toHaveText('Only you can see this');
      await expectAccessible(page);
    } finally {
      await withDatabase(async (db) => {
        await db.updateTable('members_profiles').set({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: 0 }).where('email', '=', DEMO.alex.email).execute();
        await db.deleteFrom('workouts').where('id', '=', resultId).execute();
      });
      await Promise.all([alex.close(), sam.close()]);
    }
  });

  test('Alex hides from leaderboards: the board open on Sam’s phone drops Alex within seconds, and a board opened again asks the studio first', { tag: '@two-processes' }, async ({ page, loginPage, browser, baseURL }) => {
    const board = await withDatabase(async (db) =>
      (await sql<{ id: number; start_at: string; definition_id: number }>`SELECT s.id, s.start_at, d.id AS definition_id FROM sessions s
           JOIN facilities f ON f.id = s.facility_id
           JOIN whiteboard_items i ON i.session_id = s.id
           JOIN workout_definitions d ON d.id = i.definition_id
          WHERE f.name = 'Wellington' AND s.name = 'Olympic Lifting' AND s.whiteboard_visibility = 'public' AND d.name = 'Grace'
          ORDER BY s.id LIMIT 1`.execute(db)).rows[0]);
    if (!board) throw new Error('no public Grace board at Wellington in the seed');
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const logged = await alex.post('/workouts', 'Wellington', {
      workout: { type: 'wod', name: 'Grace', session_id: board.id, workout_definition_id: board.definition_id, completed_at: new Date(board.start_at).toISOString(), scoring: 'for_time', score_time: 150, as_prescribed: true },
    });
    expect(logged.status).toBe(201);
    await alex.close();
    const alexRow = page.locator(`[data-testid="leaderboard-entry"][data-workout-id="${(logged.body as { id: number }).id}"]`);

    // Sam has the class's leaderboard open.
    await page.setViewportSize({ width: 390, height: 844 });
    await loginPage.signInAs(DEMO.sam);
    await page.goto(`/classes/${board.id}`);
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(alexRow).toBeVisible();

    // Alex, on another phone, hides their results.
    const alexContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const alexPage = await alexContext.newPage();
    const setHidden = async (hidden: boolean) => {
      await alexPage.goto('/settings');
      const box = alexPage.getByRole('checkbox', { name: 'Hide my results from class leaderboards' });
      await box.setChecked(hidden);
      await expect.poll(() => countOf(sql<{ n: number }>`SELECT hide_from_leaderboards AS n FROM members_profiles WHERE email = ${DEMO.alex.email}`)).toBe(hidden ? 1 : 0);
    };
    try {
      await new LoginPage(alexPage).signInAs(DEMO.alex);
      await setHidden(true);
      // The board on Sam's screen follows within seconds, not at its next minute.
      await expect(alexRow).toHaveCount(0, { timeout: 20_000 });

      // Sam looks at the overview; Alex shows their results again; back on the board, Alex is there
      // at once: a board shown again is asked of the studio, not taken from the phone's minute-old copy.
      await page.getByRole('link', { name: 'Overview' }).click();
      await setHidden(false);
      await page.getByRole('link', { name: 'Leaderboard' }).click();
      await expect(alexRow).toBeVisible({ timeout: 5_000 });
      await expectAccessible(page);
    } finally {
      await alexContext.close();
    }
  });

  test('with the training log off the menu hides it, and its page offers to turn it on', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.sam);
    await shell.openMenu();
    await expect(shell.menuItem('training')).toHaveCount(0);
    await page.goto('/training');
    const notice = page.getByTestId('training-off');
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
    await shell.openMenu();
    await expect(shell.menuItem('training')).toBeVisible();
    await expect(shell.menuItem('lifts')).toBeVisible();
    await expect.poll(() => trackTraining(DEMO.sam.email), { timeout: 15_000 }).toBe(1);
    await setTrackTraining(DEMO.sam.email, false);
  });

  test("a movement's progress chart names its trend, lists its points as a table, fits 320 px in light and dark, and opens offline", async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/training/lifts');
    await page.getByRole('link', { name: /Back Squat/ }).first().click();
    await expect(page).toHaveURL(/\/training\/lifts\/\d+$/);
    const chart = page.getByRole('img', { name: /^Estimated 1RM (rose|fell|held)/ });
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((node) => node.tagName)).toBe('CANVAS');
    // Every weighted lift of the history is a point of the table alternative.
    const lifts = await page.getByTestId('lift-history-row').count();
    expect(lifts).toBeGreaterThanOrEqual(2);
    await page.getByText('Show as table').click();
    const table = page.getByRole('table', { name: 'Back Squat: estimated 1RM and best set per lift' });
    await expect(table.getByTestId('lift-progress-row')).toHaveCount(lifts);
    await expect(table.getByRole('columnheader', { name: 'Best set (kg)' })).toBeVisible();
    await expect(table.getByTestId('lift-progress-row').first()).toContainText(/\d × \d+/);
    await expect(table.locator('[data-record]').first()).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 320, height: 640 });
      await expect.poll(() => chart.evaluate((node) => node.getBoundingClientRect().right)).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await expectAccessible(page);
    }

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('img', { name: /^Estimated 1RM (rose|fell|held)/ })).toBeVisible();
    await goOnline(context);
  });

  test('every training screen reads well and passes axe', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/training/lifts');
    const squat = page.getByRole('link', { name: /Back Squat/ }).first();
    await expect(squat).toBeVisible();
    await expectAccessible(page);
    await squat.click();
    await expect(page).toHaveURL(/\/training\/lifts\/\d+$/);
    await expect(page.getByText('Estimated one-rep max')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/training/workouts/new/wod');
    await expect(page.getByTestId('wod-form')).toBeVisible();
    for (const scoring of ['for_rounds', 'for_load', 'for_distance', 'none']) {
      await page.getByTestId('wod-scoring').selectOption(scoring);
      await expectAccessible(page);
    }
    await page.getByTestId('wod-scoring').selectOption('for_time');
    await page.getByTestId('wod-time').fill('12:3');
    await page.getByTestId('save-workout').click();
    await expect(page.getByText('Enter a name.')).toBeVisible();
    await expect(page.getByText('Use minutes and seconds, like 12:34.')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/training');
    const wod = page.locator('[data-testid="workout-row"][data-workout-type="wod"]').first();
    await wod.click();
    await expect(page).toHaveURL(/\/training\/workouts\/wod\/\d+$/);
    await expectAccessible(page);
    await page.getByTestId('edit-workout').click();
    await expect(page.getByTestId('wod-form')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/whiteboard');
    await expectAccessible(page);
  });
});

test.describe('the prompt to log a class workout', () => {
  // The server looks for classes that just ended every second here (every minute by default).
  test.use({ studioEnv: { LOG_PROMPT_INTERVAL_MS: '1000' } });

  /** A Wellington class 1–6 days ahead with Fran or another WOD on its whiteboard, Alex booked in, then moved to have ended a moment ago. */
  async function classJustEnded(skip = 0): Promise<{ id: number; wod: string; definitionId: number }> {
    const rows = await withDatabase(
      async (db) =>
        (
          await sql<{ id: number; wod: string; definition_id: number }>`SELECT s.id, d.name AS wod, d.id AS definition_id FROM sessions s
               JOIN facilities f ON f.id = s.facility_id
               JOIN whiteboard_items i ON i.session_id = s.id
               JOIN workout_definitions d ON d.id = i.definition_id
              WHERE f.name = 'Wellington' AND s.cancelled = 0 AND d.type = 'wod' AND d.scoring = 'for_time'
                AND s.start_at > ${new Date(Date.now() + 86_400_000).toISOString()}
                AND NOT EXISTS (SELECT 1 FROM visits v JOIN members_profiles p ON p.id = v.profile_id WHERE v.session_id = s.id AND p.email = ${DEMO.alex.email})
              ORDER BY s.start_at`.execute(db)
        ).rows,
    );
    const pick = rows[skip]!;
    const alex = await MemberApi.signIn(currentStudio().url, DEMO.alex.email);
    await withDatabase((db) => db.updateTable('sessions').set({ capacity: 30 }).where('id', '=', pick.id).execute());
    expect((await alex.post(`/sessions/${pick.id}/book`, 'Wellington')).status).toBe(201);
    await alex.close();
    const ended = Date.now() - 30_000;
    await withDatabase((db) => db.updateTable('sessions').set({ start_at: new Date(ended - 3_600_000).toISOString(), end_at: new Date(ended).toISOString() }).where('id', '=', pick.id).execute());
    return { id: pick.id, wod: pick.wod, definitionId: pick.definition_id };
  }

  test("the class's workout prompt reaches the bell when the class ends, opens the prefilled form, and stops once turned off in Settings", async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    const ended = await classJustEnded();
    // Within a second or two the server tells Alex, live.
    await page.getByTestId('notifications-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const prompt = panel.getByTestId('notification').filter({ hasText: `Log your ${ended.wod} time?` });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await prompt.getByRole('button').first().click();
    await expect(page).toHaveURL(new RegExp(`/training/workouts/new/wod\\?definition=${ended.definitionId}&session=${ended.id}$`));
    // The form is the class's workout, prefilled.
    await expect(page.getByRole('heading', { name: 'Log a WOD', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(ended.wod);
    await expect(page.getByRole('combobox', { name: 'Scoring' })).toHaveValue('for_time');

    // Alex turns the prompts off in Settings (by tapping): the next class that ends says nothing.
    await shell.openMenu();
    await shell.menuItem('settings').click();
    const toggle = page.getByLabel("Remind me to log the class's workout when it ends");
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect.poll(() => countOf(sql<{ n: number }>`SELECT log_prompts AS n FROM members_profiles WHERE email = ${DEMO.alex.email}`)).toBe(0);
    const prompts = () => countOf(sql<{ n: number }>`SELECT COUNT(*) AS n FROM notifications n JOIN members_profiles p ON p.id = n.profile_id WHERE p.email = ${DEMO.alex.email} AND n.type = 'log_workout'`);
    const before = await prompts();
    await classJustEnded();
    // Three runs of the job later, nothing more.
    await page.waitForTimeout(3_000);
    expect(await prompts()).toBe(before);
  });
});
