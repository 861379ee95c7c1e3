/**
 * The account the development profile creates (tools/stack/profiles.mjs, `DEV_ADMIN_DEFAULTS`),
 * which the test-login button of a development deployment signs in with. Its password is public:
 * admin-service in production refuses to start with it and refuses any sign-in with it. A module
 * of its own, so that the admin remote carries it only in the test-login button's lazy chunk.
 */
export const DEVELOPMENT_ADMIN_ACCOUNT = { username: 'admin', password: 'kbe-dev-admin' } as const;
