/** The database npm run test:pg migrates once (tests/support/pg-setup.ts); each test database is a copy of it. */
export const PG_TEST_TEMPLATE = 'test_template';
