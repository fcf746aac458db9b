import sharp from 'sharp';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliEnv } from './cli';
import { startServer } from '../../app';
import { loadConfig } from '../../config';
import { ALEX, json, signedIn, startTestServer, type TestServer } from '../../testing/helpers';
import { admin, FakePushSender, listNotifications } from '../../testing/notifications-helpers';

// /admin: bearer-token protected staff actions, the generated token file, and `npm run admin`.

describe('admin authentication and token', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ pushSender: new FakePushSender() });
  });
  afterAll(() => server.close());

  const body = { email: ALEX, type: 'post', message: 'Hello' };

  it('refuses requests without the right bearer token (401)', async () => {
    for (const token of [null, '', 'wrong-token-wrong-token', `${server.running.adminToken}x`, server.running.adminToken.slice(0, -1)]) {
      const res = await admin(server, '/admin/notifications', body, token);
      expect(res.status, String(token)).toBe(401);
      expect(await json(res)).toMatchObject({ code: 'admin_unauthorized' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const basic = await fetch(`${server.url}/admin/notifications`, { method: 'POST', headers: { Authorization: `Basic ${server.running.adminToken}` }, body: '{}' });
    expect(basic.status).toBe(401);
    // A member's session is no admin credential.
    const alex = await signedIn(server, ALEX);
    expect((await alex.request('/admin/notifications', { method: 'POST', json: body })).status).toBe(401);
    // Unknown admin paths do not reveal themselves without the token.
    expect((await admin(server, '/admin/nothing-here', {}, null)).status).toBe(401);
    expect((await admin(server, '/admin/nothing-here', {})).status).toBe(404);
    expect((await admin(server, '/admin/notifications', body)).status).toBe(201);
  });

  it('generates the token once, keeps it, and writes it beside the database with mode 0600', async () => {
    const file = path.join(server.dir, 'admin-token');
    expect(server.running.adminTokenFile).toBe(file);
    expect((await fs.readFile(file, 'utf8')).trim()).toBe(server.running.adminToken);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(server.running.adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Restart on the same database: same token; a deleted file is written again.
    await fs.rm(file);
    const again = await startServer({ port: 0, ...server.database, distDir: path.join(server.dir, 'dist'), pushSender: new FakePushSender() });
    try {
      expect(again.adminToken).toBe(server.running.adminToken);
      expect((await fs.readFile(file, 'utf8')).trim()).toBe(server.running.adminToken);
    } finally {
      await again.close();
    }
  });

  it('writes the token file into a folder not made yet (on PostgreSQL no SQLite file makes it)', async () => {
    // On SQLite the database file's folder is made with it; the case is PostgreSQL's (npm run test:pg).
    if (!server.database.databaseUrl) return;
    const folder = path.join(server.dir, 'fresh-checkout', 'data');
    const again = await startServer({ port: 0, ...server.database, databaseFile: path.join(folder, 'app.sqlite'), distDir: path.join(server.dir, 'dist'), pushSender: new FakePushSender() });
    try {
      expect((await fs.readFile(path.join(folder, 'admin-token'), 'utf8')).trim()).toBe(server.running.adminToken);
    } finally {
      await again.close();
    }
  });

  it('refuses to start with only one of the two Stripe keys', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/set together/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).not.toThrow();
    expect(() => loadConfig({ SANDBOX_GATEWAY: 'maybe' })).toThrow(/SANDBOX_GATEWAY must be one of/);
    expect(() => loadConfig({ SANDBOX_GATEWAY: 'on' })).not.toThrow();
  });

  it('refuses an empty picture in a staff post with the clear 422 of any other file that is not a picture', async () => {
    expect((await admin(server, '/admin/posts', { org_id: 1, author_name: 'Tom Hadley', content: 'Platforms', image: '' })).status).toBe(422);
    for (const image of ['=', '====', '  ', 'PHN2Zz4=']) {
      const res = await admin(server, '/admin/posts', { org_id: 1, author_name: 'Tom Hadley', content: 'Platforms', image });
      expect(res.status, JSON.stringify(image)).toBe(422);
      expect(await json(res)).toMatchObject({ code: 'not_an_image', message: 'The file is not a JPEG, PNG or WebP picture.' });
    }
    expect(await server.running.db.selectFrom('posts').select('id').where('content', '=', 'Platforms').execute()).toEqual([]);
  });

  it('uses ADMIN_TOKEN when set (and writes no file)', async () => {
    expect(loadConfig({ ADMIN_TOKEN: ' configured-admin-token-1234 ', VAPID_SUBJECT: 'mailto:ops@example.org' })).toMatchObject({ adminToken: 'configured-admin-token-1234', vapidSubject: 'mailto:ops@example.org' });
    const other = await startTestServer({ adminToken: 'configured-admin-token-1234', pushSender: new FakePushSender() });
    try {
      expect(other.running.adminToken).toBe('configured-admin-token-1234');
      expect(other.running.adminTokenFile).toBeNull();
      await expect(fs.stat(path.join(other.dir, 'admin-token'))).rejects.toThrow();
      expect((await admin(other, '/admin/notifications', body, 'configured-admin-token-1234')).status).toBe(201);
      expect((await admin(other, '/admin/notifications', body, server.running.adminToken)).status).toBe(401);
    } finally {
      await other.close();
    }
    await expect(startTestServer({ adminToken: 'short' })).rejects.toThrow(/ADMIN_TOKEN must be at least 16/);
    await expect(startTestServer({ vapidSubject: 'http://example.com' })).rejects.toThrow(/VAPID_SUBJECT/);
  });
});

describe('npm run admin (server/features/admin/cli.ts)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ pushSender: new FakePushSender() });
  });
  afterAll(() => server.close());

  async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliEnv = { env: { ADMIN_URL: server.url, DATABASE_FILE: path.join(server.dir, 'app.sqlite'), ...env }, cwd: server.dir, fetch, out: (l) => out.push(l), err: (l) => err.push(l) };
    const code = await runCli(args, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('runs each command with the token from the admin-token file', async () => {
    const alex = await signedIn(server, ALEX);
    const notify = await cli(['notify', ALEX, 'appointment', 'From the CLI', '{"appointment":{"id":1}}']);
    expect(notify).toMatchObject({ code: 0, err: '' });
    expect(notify.out).toMatch(/^Notification \d+ sent to demo@example.com\.$/);
    expect((await listNotifications(alex)).find((n) => n.message === 'From the CLI')).toMatchObject({ type: 'appointment', params: { appointment: { id: 1 } } });

    const posted = await cli(['post', '1', 'Open Gym is on this Sunday\nSee you there', 'Tom Hadley']);
    expect(posted.out).toMatch(/^Post \d+ published to organisation 1: 10 member\(s\) notified\.$/);
    expect((await listNotifications(alex)).find((n) => n.message === 'Open Gym is on this Sunday')?.params.posts?.[0]?.author.full_name).toBe('Tom Hadley');

    // With a picture: stored as a WebP made here, not the file as sent; an SVG is refused.
    const picture = path.join(server.dir, 'platforms.png');
    await fs.writeFile(picture, await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0f766e' } }).png().toBuffer());
    const withPicture = await cli(['post', '1', 'The new platforms', 'Tom Hadley', picture]);
    expect(withPicture.code).toBe(0);
    const stored = await server.running.db.selectFrom('posts').select('image_url').where('content', '=', 'The new platforms').executeTakeFirstOrThrow();
    expect(stored.image_url).toMatch(/^\/uploads\/posts\/post-[a-f0-9]+\.webp$/);
    const served = await fetch(server.url + stored.image_url!);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1280);
    const svg = path.join(server.dir, 'x.svg');
    await fs.writeFile(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await cli(['post', '1', 'Bad picture', 'Tom', svg])).toMatchObject({ code: 1, err: expect.stringContaining('not a JPEG, PNG or WebP') as string });

    const appointment = await server.running.db.selectFrom('appointments').select(['id', 'start_at']).executeTakeFirstOrThrow();
    const when = new Date(Date.parse(appointment.start_at) + 3_600_000).toISOString();
    expect((await cli(['move-appointment', String(appointment.id), when])).out).toBe(`Appointment ${appointment.id} moved to ${when}; the member was notified.`);
    expect((await cli(['cancel-appointment', String(appointment.id)])).code).toBe(0);

    // What members reported, for staff.
    expect((await cli(['reports', '1'])).out).toBe('No reports.');
    const reported = (await server.running.db.insertInto('posts').values({ org_id: 1, facility_id: null, author_name: 'Tom', content: 'Bad <b>news</b>', created_at: new Date().toISOString(), image_url: null }).returning('id').executeTakeFirstOrThrow()).id;
    const wellington = (await server.running.db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid;
    expect((await alex.request('/api/v1/reports', { method: 'POST', json: { report: { source_type: 'post', source_id: reported } }, headers: { 'X-Facility-Id': wellington } })).status).toBe(201);
    expect((await cli(['reports', '1'])).out).toMatch(new RegExp(`^\\S+ post ${reported} \\(post ${reported}\\) by Tom, reported by demo@example\\.com: "Bad <b>news</b>"$`));

    const classId = (await server.running.db.selectFrom('sessions').select('id').where('name', '=', 'Barbell Basics').orderBy('id').executeTakeFirstOrThrow()).id;
    expect((await cli(['cancel-class', String(classId)])).out).toBe(`Class ${classId} cancelled: 2 visit(s) cancelled, 2 member(s) notified.`);
  });

  it('explains what went wrong', async () => {
    expect(await cli(['help'])).toMatchObject({ code: 0, out: expect.stringContaining('Usage: npm run admin') as string });
    expect(await cli(['explode'])).toMatchObject({ code: 1, err: expect.stringContaining('Unknown command "explode"') as string });
    expect(await cli(['cancel-class', 'abc'])).toMatchObject({ code: 1, err: expect.stringContaining('The class id must be a positive whole number') as string });
    expect(await cli(['notify', ALEX, 'post', 'x', '{broken'])).toMatchObject({ code: 1, err: expect.stringContaining('params must be JSON') as string });
    expect(await cli(['cancel-class', '999999'])).toMatchObject({ code: 1, err: 'Error: The server answered 404 not_found: The class was not found.' });
    expect(await cli(['cancel-class', '1'], { ADMIN_TOKEN: 'not-the-token-at-all' })).toMatchObject({ code: 1, err: expect.stringContaining('refused the admin token (401)') as string });
    expect(await cli(['cancel-class', '1'], { DATABASE_FILE: path.join(server.dir, 'elsewhere', 'app.sqlite') })).toMatchObject({ code: 1, err: expect.stringContaining('No admin token: set ADMIN_TOKEN') as string });
    expect(await cli(['cancel-class', '1'], { ADMIN_URL: 'http://127.0.0.1:9' })).toMatchObject({ code: 1, err: expect.stringContaining('Cannot reach the server at http://127.0.0.1:9') as string });
  });

  it('works as a script (npm run admin -- …)', async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/features/admin/cli.ts', 'notify', ALEX, 'post', 'From a real process'], {
      cwd: root,
      env: { ...process.env, ADMIN_URL: server.url, ADMIN_TOKEN: server.running.adminToken },
    });
    expect(stdout).toMatch(/^Notification \d+ sent to demo@example.com\.\n$/);
    const failed = await run(process.execPath, ['--import', 'tsx', 'server/features/admin/cli.ts', 'nope'], { cwd: root, env: { ...process.env, ADMIN_URL: server.url, ADMIN_TOKEN: 'x' } }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown command') as string });
  });
});
