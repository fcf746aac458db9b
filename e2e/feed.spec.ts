import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { adminPost, withDatabase } from './support/studio';

test.describe('activity feed', () => {
  test('a post notification opens the feed with that post highlighted; Alex comments and reacts offline and each reaches the server once, then reports the post', async ({ page, context, loginPage, baseURL }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.waitForTimeout(3_500); // notifications are (re)loaded 3 s after monitoring starts
    const harbour = await withDatabase(async (db) => (await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow()).id);
    const text = `Deadlift day on Saturday ${Date.now()}: details at https://harbourstrength.example/deadlift.`;
    const published = await adminPost(baseURL!, '/posts', { org_id: harbour, author_name: 'Tom Ngata', content: text });
    expect(published.status).toBe(201);
    const postId = (published.body as { post: { id: number } }).post.id;

    await page.getByTestId('notifications-bell').click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification').filter({ hasText: 'Deadlift day on Saturday' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/activity\\?notify=${postId}`));
    const post = page.locator(`#post-${postId}`);
    await expect(post).toHaveClass(/feed-post--highlighted/);
    await expect(post).toBeInViewport();
    await expect(post.getByRole('link', { name: 'https://harbourstrength.example/deadlift' })).toHaveAttribute('rel', /noopener/);
    await expect(page.getByTestId('post').filter({ hasText: 'Coaching tip' }).getByTestId('comment').first()).toContainText('This fixed my low back pinch');
    await expectAccessible(page);

    await waitForServiceWorker(page);
    await goOffline(context);
    await post.getByRole('textbox', { name: 'Write a comment' }).fill('Count me in!');
    await post.getByRole('button', { name: 'Send' }).click();
    await expect(post.getByTestId('comment').filter({ hasText: 'Count me in!' })).toContainText('Waiting to sync');
    // Reactions are one control that opens a picker of the four.
    await post.getByTestId('post-reactions').click();
    await page.getByRole('menu', { name: 'Reactions' }).getByRole('menuitemradio', { name: /^Strong/ }).click();
    await expect(post.getByTestId('post-reactions')).toHaveAccessibleName('React (1 reaction, yours: Strong)');
    // Still there after a reload with no network.
    await page.reload();
    await expect(page.locator(`#post-${postId}`).getByTestId('comment').filter({ hasText: 'Count me in!' })).toBeVisible();

    await goOnline(context);
    const onServer = () => withDatabase(async (db) => ({
      comments: (await db.selectFrom('comments').select('id').where('post_id', '=', postId).where('content', '=', 'Count me in!').execute()).length,
      reactions: (await db.selectFrom('reactions').select('type').where('source_type', '=', 'post').where('source_id', '=', postId).execute()).map((r) => r.type),
    }));
    await expect.poll(onServer, { timeout: 15_000 }).toEqual({ comments: 1, reactions: ['strong'] });
    await expect(page.locator(`#post-${postId}`).getByTestId('comment').filter({ hasText: 'Count me in!' })).not.toContainText('Waiting to sync');
    await page.waitForTimeout(1_000);
    expect(await onServer()).toEqual({ comments: 1, reactions: ['strong'] });

    // Reporting the post asks first, hides it for Alex and leaves a report for staff.
    await page.locator(`#post-${postId}`).getByRole('button', { name: 'Report the post by Tom Ngata' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Report this post?' });
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Report' }).click();
    await expect(page.locator(`#post-${postId}`)).toHaveCount(0);
    await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('feed_reports').select('id').where('source_type', '=', 'post').where('source_id', '=', postId).execute()).length)).toBe(1);
    await page.reload();
    await expect(page.getByTestId('post').first()).toBeVisible();
    await expect(page.locator(`#post-${postId}`)).toHaveCount(0);
  });
});

test.describe('the feed on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('deleting one’s own comment asks first, in clear words; kept, it stays; deleted, it is gone for everyone', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feed' }).click();
    const post = page.getByTestId('post').first();
    const words = `Moving this to Thursday ${Date.now()}`;
    await post.getByRole('textbox', { name: 'Write a comment' }).fill(words);
    await post.getByRole('button', { name: 'Send' }).click();
    const mine = post.getByTestId('comment').filter({ hasText: words });
    const onServer = () => withDatabase(async (db) => (await db.selectFrom('comments').select('id').where('content', '=', words).execute()).length);
    await expect.poll(onServer, { timeout: 15_000 }).toBe(1);
    await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();

    await mine.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete your comment?' });
    await expect(ask).toContainText('It is removed for everyone and cannot be brought back.');
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await expect(ask).toHaveCount(0);
    await expect(mine).toBeVisible();
    expect(await onServer()).toBe(1);

    await mine.getByRole('button', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete comment' }).click();
    await expect(mine).toHaveCount(0);
    await expect.poll(onServer, { timeout: 15_000 }).toBe(0);
  });
});
