/**
 * The placeholders an SMS text may hold, and the one substitution that fills them: admin-service
 * fills `{portalUrl}` in a template when it creates the campaign, notifications-service fills
 * `{candidateCode}` for each recipient (empty for a typed number, which names no candidate), and
 * the admin SMS tab fills both with a sample to show and count the text as it will be sent.
 */
export interface SmsPlaceholderValues {
  candidateCode?: string;
  portalUrl?: string;
}

/** A placeholder whose value is not given stays as it is. */
const PLACEHOLDER = /\{(candidateCode|portalUrl)\}/g;

export function fillSmsPlaceholders(text: string, values: SmsPlaceholderValues): string {
  return text.replace(PLACEHOLDER, (placeholder, name: keyof SmsPlaceholderValues) => values[name] ?? placeholder);
}

/** The candidate of the SMS tab's preview: every candidate code has this length, so the count is exact. */
export const SMS_SAMPLE_CANDIDATE_CODE = 'KBE123456ABC';
