import { defineConfig } from 'vitest/config';

// Tests live beside the code they test. One project per kind: pure rules in node, the data engine
// and feature data tests in node with fake-indexeddb (it needs structuredClone), the server over
// real HTTP in node, components (*.test.tsx) in happy-dom.
// The node projects share one module cache per worker (isolate: false): importing the server and
// the contract once per worker instead of once per file took the run from 214 s to about 90 s. A
// file that changes module state (a clock, a registry) puts it back in afterAll. Components keep
// a fresh DOM and modules per file: their screens hold state in module scope.
// What vite.config.ts defines for the build (a release name tests can recognise).
const define = { __APP_RELEASE__: JSON.stringify('0.0.0+test') };
// Inline projects do not inherit the root's test options: each gets them here.
// Many server tests start a server (a database, migrations, demo data) or a process inside the
// test: on a busy two-core machine that alone can pass Vitest's 5 s default.
const shared = { testTimeout: 20_000 };

export default defineConfig({
  define,
  test: {
    // Vitest's default is one worker fewer than the cores: on this 2-core machine that ran every
    // file one after another (2:44 for the SQLite run; 1:35 with two). Server tests wait on their
    // servers and databases much of the time, so two workers per run fill the cores, even with the
    // PostgreSQL run beside it in npm test.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // npm run test:pg: the server and data suites against a throwaway PostgreSQL.
    globalSetup: process.env.TEST_PG ? ['tests/support/pg-setup.ts'] : [],
    projects: [
      { define, test: { ...shared, name: 'rules', include: ['core/**/*.test.ts', 'src/domain/**/*.test.ts', 'src/i18n/**/*.test.ts'], environment: 'node', isolate: false } },
      // Under TEST_PG only the data tests that talk to a server (*.server.test.ts): the others never
      // reach a database, and ran twice for nothing.
      { define, test: { ...shared, name: 'data', include: process.env.TEST_PG ? ['src/**/*.server.test.ts'] : ['src/data/**/*.test.ts', 'src/features/**/*.test.ts'], environment: 'node', isolate: false, setupFiles: ['tests/support/data-setup.ts'] } },
      { define, test: { ...shared, name: 'server', include: ['server/**/*.test.ts'], environment: 'node', isolate: false } },
      { define, test: { ...shared, name: 'components', include: ['src/**/*.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/support/components-setup.ts'] } },
    ],
  },
});
