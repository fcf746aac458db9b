import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

// Server-wide settings (app_settings): the VAPID key pair, the generated admin token.

export type SettingKey = 'vapid_public_key' | 'vapid_private_key' | 'admin_token';

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
