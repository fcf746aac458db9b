import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { sha256 } from '../features/auth/tokens';
import type { Database, IdempotencyKeysTable } from '../db/schema';
import { RunAgain, writeTransaction, type WriteIsolation } from '../db/index';
import type { AppContext } from './context';
import { ApiError } from './errors';

export interface HandlerResult {
  status: StatusCode;
  body: unknown;
}

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

/**
 * Whose key space: a member's (the profile id; table idempotency_keys) or a front desk's (the desk
 * token's id; table checkin_desk_idempotency_keys, migration 0028). Each owner has keys of its own,
 * so two members, or a member and a desk, sending the same key never get each other's answers.
 * The desks have a table of their own because idempotency_keys.profile_id is a member (a foreign
 * key): a desk signed in with the admin token is nobody's profile. Same columns, same unique
 * (owner, key), so everything below (the claim, the copy waiting on it) holds for desks as is.
 */
export type KeyOwner = number | { deskTokenId: number };

interface KeySpace {
  table: 'idempotency_keys';
  column: 'profile_id';
  id: number;
}

function keySpace(owner: KeyOwner): KeySpace {
  if (typeof owner === 'number') return { table: 'idempotency_keys', column: 'profile_id', id: owner };
  // The desks' table has the members' columns with desk_token_id for profile_id: typed as theirs.
  return { table: 'checkin_desk_idempotency_keys' as 'idempotency_keys', column: 'desk_token_id' as 'profile_id', id: owner.deskTokenId };
}
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Writes replayed from the app's outbox carry `Idempotency-Key`. The key and the response are
// stored in the SAME transaction as the write's effect: either both happen or neither, so a
// retry after a lost response gets the original answer instead of doing the work twice.
// A handler that throws rolls everything back and nothing is remembered.
// A copy sent while the first is still under way (a tab closed mid-send, the service worker sent
// it again) waits for the first and answers what it answered, never what the write's own rules
// would say the second time (issue 28): the key is claimed first thing, by inserting its row; the
// copy's insert waits on that row in the unique index until the first commits (the copy replays
// its answer) or rolls back (the copy does the work). SQLite's single writer runs them one after
// the other anyway.
// The handler must use `trx` only: SQLite has a single connection, so touching `db` inside
// the transaction would wait for the transaction itself. On PostgreSQL it is SERIALIZABLE (or READ
// COMMITTED behind row locks, `isolation`) and may run more than once (writeTransaction), so it must not act outside the database. Notifications the handler writes
// through `trx` are delivered after the commit.
/** The request's Idempotency-Key (undefined: none), refused with 400 when malformed. */
function requestKey(c: AppContext): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 letters, digits or . _ : -');
  }
  return key;
}

interface RequestPrint {
  method: string;
  path: string;
  bodyHash: string;
}

async function requestPrint(c: AppContext): Promise<RequestPrint> {
  const url = new URL(c.req.url);
  return { method: c.req.method, path: url.pathname + url.search, bodyHash: sha256(await c.req.text()) };
}

type Stored = Pick<Selectable<IdempotencyKeysTable>, 'method' | 'path' | 'body_hash' | 'status' | 'response_body'>;

/** The stored answer to replay, or 422 when the key was used for another request. */
function replayOf(stored: Stored, print: RequestPrint): HandlerResult {
  if (stored.method !== print.method || stored.path !== print.path || stored.body_hash !== print.bodyHash) {
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
  }
  return { status: stored.status as StatusCode, body: stored.response_body === null ? null : (JSON.parse(stored.response_body) as unknown) };
}

function findStored(db: Kysely<Database>, space: KeySpace, key: string): Promise<Stored | undefined> {
  return db.selectFrom(space.table).select(['method', 'path', 'body_hash', 'status', 'response_body']).where(space.column, '=', space.id).where('key', '=', key).executeTakeFirst();
}

function respond(c: AppContext, outcome: HandlerResult & { replayed: boolean }): Response {
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  if (outcome.body === null || outcome.body === undefined) return c.body(null, outcome.status);
  return c.json(outcome.body, outcome.status as ContentfulStatusCode);
}

/**
 * For a handler that acts outside the database before its idempotent write (a card charged at a
 * gateway): the key is checked first, so a malformed key (400) or one already used for another
 * request (422) is refused before anything happens, and a key already answered gets that answer
 * again. null: nothing stored for it, go on (idempotent() checks again in its transaction).
 */
export async function answeredBefore(c: AppContext, owner: KeyOwner): Promise<Response | null> {
  const key = requestKey(c);
  if (key === undefined) return null;
  const stored = await findStored(c.get('deps').db, keySpace(owner), key);
  return stored ? respond(c, { ...replayOf(stored, await requestPrint(c)), replayed: true }) : null;
}

export async function idempotent(c: AppContext, owner: KeyOwner, handler: (trx: Transaction<Database>) => Promise<HandlerResult>, isolation: WriteIsolation = 'serializable'): Promise<Response> {
  const { db, now } = c.get('deps');
  const key = requestKey(c);
  const print = await requestPrint(c);
  const space = keySpace(owner);

  let transaction = null as Transaction<Database> | null;
  const outcome = await writeTransaction(db, async (trx) => {
    transaction = trx;
    if (key !== undefined) {
      const stored = await claimKey(trx, space, { key, method: print.method, path: print.path, body_hash: print.bodyHash, created_at: now().toISOString() });
      if (stored) return { ...replayOf(stored, print), replayed: true };
    }
    const result = await handler(trx);
    if (key !== undefined) {
      const at = now();
      await trx
        .deleteFrom(space.table)
        .where(space.column, '=', space.id)
        .where('created_at', '<', new Date(at.getTime() - IDEMPOTENCY_TTL_MS).toISOString())
        .execute();
      await trx
        .updateTable(space.table)
        .set({ status: result.status, response_body: result.body === null || result.body === undefined ? null : JSON.stringify(result.body), created_at: at.toISOString() })
        .where(space.column, '=', space.id)
        .where('key', '=', key)
        .execute();
    }
    return { ...result, replayed: false };
  }, isolation);

  // Committed: notifications the handler created or changed go out now (in the background).
  if (transaction) c.get('deps').notifications.afterCommit(transaction);

  return respond(c, outcome);
}

type KeyClaim = Pick<Selectable<IdempotencyKeysTable>, 'key' | 'method' | 'path' | 'body_hash' | 'created_at'>;

/**
 * Claims the key for this transaction, before the handler reads or locks anything: a row with no
 * answer yet (status 0), given its answer before commit. Answers the stored row when the key was
 * used before (or by a copy that committed while this one waited), undefined when claimed.
 * On PostgreSQL the insert waits for an uncommitted claim of the same key; READ COMMITTED then
 * reads the committed row, and SERIALIZABLE, whose snapshot predates it, fails with a serialization
 * failure and runs again (writeTransaction) with a snapshot that sees it.
 */
async function claimKey(trx: Transaction<Database>, space: KeySpace, claim: KeyClaim): Promise<Stored | undefined> {
  const row = { ...claim, [space.column]: space.id, status: 0, response_body: null } as Insertable<IdempotencyKeysTable>;
  const inserted = await trx
    .insertInto(space.table)
    .values(row)
    .onConflict((oc) => oc.columns([space.column, 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return undefined;
  const stored = await trx.selectFrom(space.table).select(['method', 'path', 'body_hash', 'status', 'response_body']).where(space.column, '=', space.id).where('key', '=', claim.key).executeTakeFirst();
  // Gone between the two statements (another write of the member removed it as expired): claim again.
  if (!stored) throw new RunAgain('The Idempotency-Key was released while it was claimed.');
  return stored;
}
