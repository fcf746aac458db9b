import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { readSetting, writeSettingOnce } from '../settings';
import type { VapidDetails } from './sender';

export const DEFAULT_VAPID_SUBJECT = 'mailto:support@example.com';

/** VAPID_SUBJECT must be a mailto: or https: URL (RFC 8292); push services refuse others. */
export function checkVapidSubject(subject: string): string {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}".`);
  }
  if (url.protocol !== 'mailto:' && url.protocol !== 'https:') throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}".`);
  return subject;
}

/**
 * The server's VAPID key pair, generated once at the first start and kept in app_settings:
 * browsers bind their push subscriptions to the public key, so it must never change.
 */
export async function loadVapidDetails(db: Kysely<Database>, subject = DEFAULT_VAPID_SUBJECT): Promise<VapidDetails> {
  checkVapidSubject(subject);
  let publicKey = await readSetting(db, 'vapid_public_key');
  let privateKey = await readSetting(db, 'vapid_private_key');
  if (!publicKey || !privateKey) {
    const keys = webpush.generateVAPIDKeys();
    await db.transaction().execute(async (trx) => {
      await writeSettingOnce(trx, 'vapid_public_key', keys.publicKey);
      await writeSettingOnce(trx, 'vapid_private_key', keys.privateKey);
    });
    publicKey = await readSetting(db, 'vapid_public_key');
    privateKey = await readSetting(db, 'vapid_private_key');
    if (!publicKey || !privateKey) throw new Error('Could not store the VAPID key pair.');
  }
  return { subject, publicKey, privateKey };
}
