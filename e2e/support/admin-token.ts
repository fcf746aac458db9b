/** Staff actions in the e2e run (cancel a class, publish a post) use this token. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-not-secret';
