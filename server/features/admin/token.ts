import { createHash, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newToken } from '../auth/tokens';
import type { Database } from '../../db/schema';
import { readSetting, writeSettingOnce } from '../../settings';

// The bearer token of the /admin routes (staff actions for demos and e2e). ADMIN_TOKEN wins;
// otherwise a random token is generated at the first start, kept in app_settings and written
// to `admin-token` beside the database file (data/admin-token by default), readable by the
// owner only, where `npm run admin` finds it.

export const ADMIN_TOKEN_FILE = 'admin-token';
export const MIN_ADMIN_TOKEN_LENGTH = 16;

export interface AdminToken {
  token: string;
  /** Where the token was written; null when it came from ADMIN_TOKEN or the database is in memory. */
  file: string | null;
}

export function adminTokenFile(databaseFile: string): string | null {
  return databaseFile === ':memory:' ? null : path.join(path.dirname(path.resolve(databaseFile)), ADMIN_TOKEN_FILE);
}

export async function resolveAdminToken(db: Kysely<Database>, databaseFile: string, configured?: string): Promise<AdminToken> {
  const given = configured?.trim();
  if (given) {
    if (given.length < MIN_ADMIN_TOKEN_LENGTH) throw new Error(`ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters.`);
    return { token: given, file: null };
  }
  let token = await readSetting(db, 'admin_token');
  if (!token) {
    await writeSettingOnce(db, 'admin_token', newToken());
    token = await readSetting(db, 'admin_token');
    if (!token) throw new Error('Could not store the admin token.');
  }
  const file = adminTokenFile(databaseFile);
  if (file) {
    const current = await fs.readFile(file, 'utf8').catch(() => null);
    // On PostgreSQL no SQLite file made the folder: a fresh checkout has no data/ yet.
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (current?.trim() !== token) await fs.writeFile(file, `${token}\n`, { mode: 0o600 });
    // writeFile's mode applies only to a new file.
    await fs.chmod(file, 0o600);
  }
  return { token, file };
}

/** Constant-time comparison (of digests, so lengths do not leak either). */
export function tokensMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
