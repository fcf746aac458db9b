/** Staff actions in the e2e run (cancel a class, publish a post) use this token. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-not-secret';
/** The e2e server's development mailbox (MAIL_DIR): reset links are read from here. */
export const E2E_MAIL_DIR = 'data/e2e-mail';
