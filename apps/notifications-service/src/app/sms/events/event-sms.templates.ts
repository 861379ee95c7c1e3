import { CONSENT_PAGE_PREFIX, type OtpPurpose } from '@kbe/contracts';

/**
 * Texts of the SMS sent on candidate events (DECISIONS: they mention the candidate ID and the
 * portal address; only the consent code's SMS carries a code). `{candidateCode}` is filled in per
 * recipient, `{code}` by the handler of `otp.requested`. With the MSG91 provider each must match
 * the DLT template registered for its message type.
 */
export function eventSmsTemplates(portal: string) {
  return {
    registration: `KBE Young Scientist: registration received. Your candidate ID is {candidateCode}. Use it on ${portal} for your hall ticket.`,
    'hall-ticket': `KBE Young Scientist: your hall ticket is released. Download it on ${portal} with candidate ID {candidateCode}.`,
    certificate: `KBE Young Scientist: your certificate is released. Download it on ${portal} with candidate ID {candidateCode}.`,
    'consent-otp': `KBE Young Scientist: {code} is the code to give parental consent for candidate {candidateCode}. Valid 10 minutes; do not share it. Notice: ${portal}${CONSENT_PAGE_PREFIX}/{candidateCode}`,
    'withdrawal-otp': `KBE Young Scientist: {code} is the code to WITHDRAW parental consent for candidate {candidateCode} and erase its data. Valid 10 minutes; do not share it. ${portal}${CONSENT_PAGE_PREFIX}/{candidateCode}`,
    'data-request-otp': `KBE Young Scientist: {code} is the code to see or correct the data of candidate {candidateCode}. Valid 10 minutes; do not share it. ${portal}${CONSENT_PAGE_PREFIX}/{candidateCode}`,
  } as const;
}

/** The SMS (message type and template) of each kind of one-time code. */
export const OTP_MESSAGE_TYPES = {
  'parental-consent': 'consent-otp',
  'consent-withdrawal': 'withdrawal-otp',
  'data-request': 'data-request-otp',
} as const satisfies Record<OtpPurpose, keyof ReturnType<typeof eventSmsTemplates>>;
