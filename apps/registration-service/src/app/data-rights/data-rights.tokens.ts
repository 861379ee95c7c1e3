/** The guardian session signer (GuardianSessions), keyed from the service's OTP hash key. */
export const GUARDIAN_SESSIONS = Symbol('GUARDIAN_SESSIONS');
