import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

// Server-wide settings (app_settings): the VAPID key pair, the generated admin token, the key that
// signs upload permissions (shared by every process on the database).

export type SettingKey = 'vapid_public_key' | 'vapid_private_key' | 'admin_token' | 'upload_secret';

export async function readSetting(db: Kysely<Database>, key: SettingKey): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores `value` unless the key already has one (a concurrent first start keeps the first). */
export async function writeSettingOnce(db: Kysely<Database>, key: SettingKey, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The upload-signing key: made at the first start, the same for every process after. */
export async function uploadSecret(db: Kysely<Database>): Promise<string> {
  await writeSettingOnce(db, 'upload_secret', randomBytes(32).toString('base64url'));
  return (await readSetting(db, 'upload_secret'))!;
}
