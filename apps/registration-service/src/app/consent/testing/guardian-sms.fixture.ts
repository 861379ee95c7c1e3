import { validCandidate, validGuardian } from '@kbe/contracts/testing';
import { freePort, waitFor } from '@kbe/server-testing';
// notifications-service runs as its own process, as in production: the SMS is read from its
// console provider's log. Test-only cross-project import.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ServiceProcess } from '../../../../../notifications-service/src/testing/service-process';

/** A candidate as registration-service stores it (seeded through its own connection), with `overrides` on top. */
export function storedCandidate(code: string, phoneNumber: string, guardianPhone?: string, overrides: Record<string, unknown> = {}) {
  const valid = validCandidate();
  return {
    ...valid,
    _id: code,
    candidateCode: code,
    schoolCode: 'SCH-7KQ2XM',
    contactDetails: { ...valid.contactDetails, phoneNumber },
    ...(guardianPhone ? { guardianDetails: { ...validGuardian(), phoneNumber: guardianPhone } } : {}),
    hallTicketReleased: false,
    certificateReleased: false,
    seatNumber: null,
    center: null,
    examTime: null,
    photoKey: `photos/${code}.jpg`,
    signatureKey: `signatures/${code}.jpg`,
    nameSearch: 'aarav patil',
    nameWords: ['aarav', 'patil'],
    phoneNumber,
    fingerprint: `fp-${code}`,
    eventId: `reg-${code}`,
    eventQueued: true,
    createdAt: new Date(),
    deletedAt: null,
    receiptNumber: null,
    ...overrides,
  };
}

/** notifications-service with the console SMS provider, reading candidates from registration-service at `registrationPort`. */
export async function startNotifications(env: Record<string, string>, registrationPort: number): Promise<ServiceProcess> {
  const notifications = new ServiceProcess(
    'notifications-service',
    {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'console',
      SMS_PORTAL_URL: 'kbe.example.org',
      SMS_STATS_REPORT_INTERVAL_MS: '0',
      REGISTRATION_SERVICE_URL: `http://127.0.0.1:${registrationPort}`,
    },
    await freePort(),
  );
  await notifications.start();
  return notifications;
}

/**
 * The newest SMS line matching `pattern` (global, with the code in group `codeGroup`) in
 * notifications-service's log, once more than `seen` of them are there.
 */
export async function smsCodeIn(
  notifications: ServiceProcess,
  pattern: RegExp,
  what: string,
  seen = 0,
  codeGroup = 1,
): Promise<{ code: string; line: string; match: RegExpMatchArray }> {
  const found = await waitFor(() => {
    const matches = [...notifications.log.matchAll(pattern)];
    return matches.length > seen ? matches[matches.length - 1] : undefined;
  }, { timeoutMs: 60_000, what });
  return { code: found[codeGroup] ?? '', line: found[0], match: found };
}
