import { sql, SqliteAdapter, type Kysely } from 'kysely';

// A data version per facility (issue 30): GET /sessions presents a facility's week once per
// version and adds each member's own part (server/features/booking/week.ts). Triggers bump it on
// every write that changes what a class shows to anyone — the class itself, its places (visits),
// instructors, whiteboard, course name, the facility — whoever writes: routes, jobs, the seed, the
// admin and the tests' direct writes alike, in the writer's own transaction. On PostgreSQL the
// bump is deferred to commit (constraint triggers), so the facility's row is locked only while
// the transaction commits and bookings of one facility do not queue behind each other's work.
// A SQLite migration that rebuilds one of these tables must create its triggers again.

const SESSION_CHILDREN = ['visits', 'session_instructors', 'whiteboard_items'] as const;

const bump = 'update facility_data_versions set version = version + 1 where facility_id';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('facility_data_versions')
    .addColumn('facility_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into facility_data_versions (facility_id, version) select id, 0 from facilities`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create trigger facility_data_versions_new after insert on facilities begin insert or ignore into facility_data_versions (facility_id, version) values (new.id, 0); end`,
    `create trigger facility_data_versions_facility after update on facilities begin ${bump} = new.id; end`,
    `create trigger facility_data_versions_gone after delete on facilities begin delete from facility_data_versions where facility_id = old.id; end`,
    `create trigger facility_data_versions_sessions_insert after insert on sessions begin ${bump} = new.facility_id; end`,
    `create trigger facility_data_versions_sessions_update after update on sessions begin ${bump} in (old.facility_id, new.facility_id); end`,
    `create trigger facility_data_versions_sessions_delete after delete on sessions begin ${bump} = old.facility_id; end`,
    ...SESSION_CHILDREN.flatMap((table) => [
      `create trigger facility_data_versions_${table}_insert after insert on ${table} begin ${bump} = (select facility_id from sessions where id = new.session_id); end`,
      `create trigger facility_data_versions_${table}_update after update on ${table} begin ${bump} in (select facility_id from sessions where id in (old.session_id, new.session_id)); end`,
      `create trigger facility_data_versions_${table}_delete after delete on ${table} begin ${bump} = (select facility_id from sessions where id = old.session_id); end`,
    ]),
    // A course's name shows on its classes; a workout definition or movement on whiteboards.
    `create trigger facility_data_versions_courses_update after update on courses begin ${bump} in (old.facility_id, new.facility_id); end`,
    `create trigger facility_data_versions_definitions_update after update on workout_definitions begin ${bump} in (select id from facilities where org_id in (old.org_id, new.org_id)); end`,
    `create trigger facility_data_versions_definitions_delete after delete on workout_definitions begin ${bump} in (select id from facilities where org_id = old.org_id); end`,
    `create trigger facility_data_versions_movements_update after update on movements begin ${bump} is not null; end`,
    `create trigger facility_data_versions_movements_delete after delete on movements begin ${bump} is not null; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // One function per shape of row; each returns null (AFTER triggers ignore it).
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const statements = [
    fn('facility_data_versions_new', `insert into facility_data_versions (facility_id, version) values (new.id, 0) on conflict do nothing;`),
    fn('facility_data_versions_facility', `if tg_op = 'DELETE' then delete from facility_data_versions where facility_id = old.id; else ${bump} = new.id; end if;`),
    fn('facility_data_versions_by_facility', `if tg_op = 'INSERT' then ${bump} = new.facility_id; elsif tg_op = 'DELETE' then ${bump} = old.facility_id; else ${bump} in (old.facility_id, new.facility_id); end if;`),
    fn(
      'facility_data_versions_by_session',
      `if tg_op = 'INSERT' then ${bump} = (select facility_id from sessions where id = new.session_id);
       elsif tg_op = 'DELETE' then ${bump} = (select facility_id from sessions where id = old.session_id);
       else ${bump} in (select facility_id from sessions where id in (old.session_id, new.session_id)); end if;`,
    ),
    fn('facility_data_versions_by_org', `if tg_op = 'DELETE' then ${bump} in (select id from facilities where org_id = old.org_id); else ${bump} in (select id from facilities where org_id in (old.org_id, new.org_id)); end if;`),
    fn('facility_data_versions_all', `${bump} is not null;`),
    `create trigger facility_data_versions_new after insert on facilities for each row execute procedure facility_data_versions_new()`,
    `create constraint trigger facility_data_versions_facility after update or delete on facilities deferrable initially deferred for each row execute procedure facility_data_versions_facility()`,
    `create constraint trigger facility_data_versions_sessions after insert or update or delete on sessions deferrable initially deferred for each row execute procedure facility_data_versions_by_facility()`,
    ...SESSION_CHILDREN.map(
      (table) => `create constraint trigger facility_data_versions_${table} after insert or update or delete on ${table} deferrable initially deferred for each row execute procedure facility_data_versions_by_session()`,
    ),
    `create constraint trigger facility_data_versions_courses after update or delete on courses deferrable initially deferred for each row execute procedure facility_data_versions_by_facility()`,
    `create constraint trigger facility_data_versions_definitions after update or delete on workout_definitions deferrable initially deferred for each row execute procedure facility_data_versions_by_org()`,
    `create constraint trigger facility_data_versions_movements after update or delete on movements deferrable initially deferred for each row execute procedure facility_data_versions_all()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
