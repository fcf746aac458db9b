// Vitest globalSetup for npm run test:pg: one throwaway PostgreSQL and one Redis for the run; each
// test server makes a database of its own there and uses Redis under a prefix of its own
// (server/testing/helpers.ts#testDatabase).
import { startPostgres, startRedis, type Service } from './services';

let postgres: Service | undefined;
let redis: Service | undefined;

export async function setup(): Promise<void> {
  postgres = await startPostgres();
  redis = await startRedis();
  process.env.TEST_DATABASE_URL = postgres.url;
  process.env.TEST_REDIS_URL = redis.url;
}

export function teardown(): void {
  redis?.stop();
  postgres?.stop();
}
