import { InvalidEnvironmentError, loadConfig } from '@kbe/server-config';
import { documentsEnvSchema, downloadLimitsFromConfig } from './documents.config';
import { printEditionFromConfig } from './documents/print-edition';
import { printEdition2025 } from './documents/print-edition.fixture';

const required = {
  MINIO_ACCESS_KEY: 'kbe-dev',
  MINIO_SECRET_KEY: 'minio-secret-123',
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
  DOCUMENT_SIGNING_SECRET: 's'.repeat(32),
};

function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(documentsEnvSchema, { ...required, ...env });
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.message;
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}

describe('documents-service download limits', () => {
  it('defaults to a per-candidate gate of 5 wrong names and per-address limits sized for shared addresses', () => {
    expect(downloadLimitsFromConfig(loadConfig(documentsEnvSchema, required))).toEqual({
      candidate: { limit: 5, windowSeconds: 900, lockoutSeconds: 900 },
      address: { limit: 20_000, windowSeconds: 3600, lockoutSeconds: 900, slowdownAfter: 100, delayStepMs: 20, maxDelayMs: 3000 },
    });
  });

  it('takes them from the environment', () => {
    const config = loadConfig(documentsEnvSchema, {
      ...required,
      DOWNLOAD_ADDRESS_SLOWDOWN_AFTER: '20',
      DOWNLOAD_ADDRESS_DELAY_STEP_MS: '5',
      DOWNLOAD_ADDRESS_DELAY_MAX_MS: '60',
      DOWNLOAD_ADDRESS_LOCK_AFTER: '150',
      DOWNLOAD_ADDRESS_WINDOW_SECONDS: '600',
      DOWNLOAD_ADDRESS_LOCKOUT_SECONDS: '300',
    });
    expect(downloadLimitsFromConfig(config).address).toEqual({
      limit: 150,
      windowSeconds: 600,
      lockoutSeconds: 300,
      slowdownAfter: 20,
      delayStepMs: 5,
      maxDelayMs: 60,
    });
  });

  it('refuses a lock that would come before the slowdown, and values that are not positive integers', () => {
    expect(problemOf({ DOWNLOAD_ADDRESS_SLOWDOWN_AFTER: '500', DOWNLOAD_ADDRESS_LOCK_AFTER: '500' })).toContain(
      'DOWNLOAD_ADDRESS_LOCK_AFTER must be greater than DOWNLOAD_ADDRESS_SLOWDOWN_AFTER',
    );
    expect(problemOf({ DOWNLOAD_ADDRESS_DELAY_MAX_MS: '-1' })).toContain('DOWNLOAD_ADDRESS_DELAY_MAX_MS must be a positive integer');
    expect(problemOf({ DOWNLOAD_ADDRESS_LOCK_AFTER: 'many' })).toContain('DOWNLOAD_ADDRESS_LOCK_AFTER must be a positive integer');
  });
});

describe('documents-service printed edition', () => {
  it("prints the spec's 2025 edition when nothing is configured", () => {
    expect(printEditionFromConfig(loadConfig(documentsEnvSchema, required))).toEqual(printEdition2025);
  });

  it('prints one year: a deadline moved ahead (the development profile) moves the year and the unset dates with it', () => {
    const edition = printEditionFromConfig(
      loadConfig(documentsEnvSchema, { ...required, EDITION_REGISTRATION_DEADLINE: '2027-11-27T23:59:59.999+05:30', EDITION_HALL_TICKET_HANDOUT_DATE: '2027-12-03' }),
    );
    expect(edition).toMatchObject({ year: 2027, registrationDeadline: '2027-11-27T23:59:59.999+05:30', hallTicketHandoutDate: '2027-12-03', certificateDate: '2027-03-19' });
  });

  it('keeps a configured year, deadline and dates as they are', () => {
    const edition = printEditionFromConfig(
      loadConfig(documentsEnvSchema, { ...required, EDITION_YEAR: '2026', EDITION_REGISTRATION_DEADLINE: '2026-10-01T23:59:59+05:30', EDITION_CERTIFICATE_DATE: '2026-04-02' }),
    );
    expect(edition).toMatchObject({ year: 2026, registrationDeadline: '2026-10-01T23:59:59+05:30', hallTicketHandoutDate: '2026-11-05', certificateDate: '2026-04-02' });
  });
});
