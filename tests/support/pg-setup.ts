// Vitest globalSetup for npm run test:pg: one throwaway PostgreSQL for the run; each test server
// makes a database of its own there (server/testing/helpers.ts#testDatabase).
import { startPostgres, type Service } from './services';

let postgres: Service | undefined;

export async function setup(): Promise<void> {
  postgres = await startPostgres();
  process.env.TEST_DATABASE_URL = postgres.url;
}

export function teardown(): void {
  postgres?.stop();
}
