import type { ConsentRecord } from './consent-record';

/**
 * TEST_DATA_CONSENT=true (the e2e and fuzz profiles, the benchmarks): every candidate registered
 * gets a consent record of method `test-data`, so journeys and benchmarks that release documents
 * need no guardian's code. It says what it is; never set it where real candidates register.
 */
export const TEST_DATA_CONSENT = Symbol('TEST_DATA_CONSENT');

export function testDataConsent(at: Date, noticeVersion: string): ConsentRecord {
  return { status: 'given', givenAt: at, noticeVersion, lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null };
}
