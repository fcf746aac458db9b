import { SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Auto-increment primary keys are the one piece of DDL that differs between SQLite and
// PostgreSQL; everything else in the migrations goes through the portable schema builder.
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return sqlite
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}
