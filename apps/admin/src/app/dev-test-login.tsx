import { DEVELOPMENT_ADMIN_ACCOUNT } from '@kbe/contracts';
import { Button } from '@kbe/ui';

/**
 * Development deployments only (see login-page.tsx): signs in with the development profile's
 * default admin account (tools/stack/profiles.mjs), which `npm start` prints anyway. The spec's
 * version wrote a fake token; our guard asks the server, so a fake token could not open anything,
 * and admin-service in production refuses this account's password.
 */
export const DEV_TEST_LOGIN_MARKER = 'kbe-dev-test-login';
const DEV_ACCOUNT = DEVELOPMENT_ADMIN_ACCOUNT;

export default function DevTestLogin({ disabled, onLogin }: { disabled: boolean; onLogin: (username: string, password: string) => void }) {
  return (
    <Button
      variant="outline"
      data-testid={DEV_TEST_LOGIN_MARKER}
      disabled={disabled}
      onClick={() => onLogin(DEV_ACCOUNT.username, DEV_ACCOUNT.password)}
    >
      Test Login (development only)
    </Button>
  );
}
