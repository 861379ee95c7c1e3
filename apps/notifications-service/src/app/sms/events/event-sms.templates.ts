import { CONSENT_PAGE_PREFIX, DEFAULT_CANDIDATE_LANGUAGE, PORTAL_PAGE_PATH, type CandidateLanguage, type OtpPurpose } from '@kbe/contracts';
import type { ResultSmsKind } from './result-sms.templates';

/** The kinds of SMS sent on candidate events. */
export const EVENT_SMS_KINDS = ['registration', 'hall-ticket', 'certificate', 'consent-otp', 'withdrawal-otp', 'data-request-otp', 'portal-otp', 'correction', 'seat-change'] as const;
export type EventSmsKind = (typeof EVENT_SMS_KINDS)[number];
export type EventSmsTemplates = Readonly<Record<EventSmsKind, string>>;

/**
 * Texts of the SMS sent on candidate events (DECISIONS: they mention the candidate ID and the
 * portal address; only the consent code's SMS carries a code), in the candidate's language
 * (English when none is given). `{candidateCode}` is filled in per recipient (the school or mentor
 * code for the portal's sign-in code, always sent in English), `{code}` by the
 * handler of `otp.requested`. With the MSG91 provider each must match the DLT template registered
 * for its message type (`eventSmsMessageType`). The English texts are the spec's; Marathi and
 * Hindi travel as UCS-2 (70 places in one part, 67 per part beyond): the document and
 * registration texts (and the guardian's notices of a correction or a seat change) fit in two parts, the code texts (with the consent page's address) in three.
 * Terms as docs/glossary.md writes them: प्रवेशपत्र, प्रमाणपत्र, विद्यार्थी (candidate), पालक (mr) /
 * अभिभावक (hi); polite forms (आपण / आप); Marathi numbers in Devanagari digits (codes stay as sent).
 */
export function eventSmsTemplates(portal: string, language: CandidateLanguage = DEFAULT_CANDIDATE_LANGUAGE): EventSmsTemplates {
  // The consent page in the SMS's own language (the public site serves /mr/... and /hi/...).
  const consentPage = `${portal}${language === 'en' ? '' : `/${language}`}${CONSENT_PAGE_PREFIX}/{candidateCode}`;
  const portalPage = `${portal}${PORTAL_PAGE_PATH}`;
  switch (language) {
    case 'mr':
      return {
        registration: `KBE Young Scientist: नोंदणी पूर्ण झाली. आपला विद्यार्थी क्रमांक: {candidateCode}. प्रवेशपत्रासाठी तो ${portal} वर वापरा.`,
        'hall-ticket': `KBE Young Scientist: आपले प्रवेशपत्र जारी झाले आहे. विद्यार्थी क्रमांक {candidateCode} वापरून ते ${portal} वरून डाउनलोड करा.`,
        certificate: `KBE Young Scientist: आपले प्रमाणपत्र जारी झाले आहे. विद्यार्थी क्रमांक {candidateCode} वापरून ते ${portal} वरून डाउनलोड करा.`,
        'consent-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} साठी पालकांची संमती देण्याचा कोड {code} आहे. १० मिनिटे वैध; कोणालाही सांगू नका. सूचना: ${consentPage}`,
        'withdrawal-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} ची पालक संमती मागे घेऊन माहिती पुसण्याचा कोड {code} आहे. १० मिनिटे वैध; कोणालाही सांगू नका. ${consentPage}`,
        'data-request-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} ची माहिती पाहण्याचा किंवा दुरुस्त करण्याचा कोड {code} आहे. १० मिनिटे वैध; कोणाला सांगू नका. ${consentPage}`,
        'portal-otp': `KBE Young Scientist: {candidateCode} म्हणून कल्पना आइन्स्टाइन क्वेस्ट शाळा पोर्टलवर प्रवेश करण्याचा कोड {code} आहे. १० मिनिटे वैध; कोणालाही सांगू नका. ${portalPage}`,
        correction: `KBE Young Scientist: विद्यार्थी {candidateCode} ची माहिती शाळेच्या विनंतीने दुरुस्त झाली. प्रवेशपत्र ${portal} वरून पुन्हा घ्या.`,
        'seat-change': `KBE Young Scientist: विद्यार्थी {candidateCode} ची परीक्षा बैठक व्यवस्था बदलली. नवे प्रवेशपत्र ${portal} वरून घ्या.`,
      };
    case 'hi':
      return {
        registration: `KBE Young Scientist: पंजीकरण पूरा हुआ। आपका विद्यार्थी क्रमांक: {candidateCode}। प्रवेशपत्र के लिए ${portal} पर इसका उपयोग करें।`,
        'hall-ticket': `KBE Young Scientist: आपका प्रवेशपत्र जारी हो गया है। विद्यार्थी क्रमांक {candidateCode} डालकर इसे ${portal} से डाउनलोड करें।`,
        certificate: `KBE Young Scientist: आपका प्रमाणपत्र जारी हो गया है। विद्यार्थी क्रमांक {candidateCode} डालकर इसे ${portal} से डाउनलोड करें।`,
        'consent-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} के लिए अभिभावक की सहमति देने का कोड {code} है। 10 मिनट मान्य; किसी को न बताएं। सूचना: ${consentPage}`,
        'withdrawal-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} की अभिभावक सहमति वापस लेने व डेटा मिटाने का कोड {code} है। 10 मिनट मान्य; किसी को न बताएं। ${consentPage}`,
        'data-request-otp': `KBE Young Scientist: विद्यार्थी {candidateCode} का डेटा देखने या सुधारने का कोड {code} है। 10 मिनट मान्य; किसी को न बताएं। ${consentPage}`,
        'portal-otp': `KBE Young Scientist: {candidateCode} के रूप में कल्पना आइंस्टाइन क्वेस्ट स्कूल पोर्टल में साइन इन करने का कोड {code} है। 10 मिनट मान्य; किसी को न बताएं। ${portalPage}`,
        correction: `KBE Young Scientist: विद्यार्थी {candidateCode} का विवरण स्कूल के अनुरोध पर सुधारा गया। प्रवेशपत्र ${portal} से फिर लें।`,
        'seat-change': `KBE Young Scientist: विद्यार्थी {candidateCode} की परीक्षा बैठक व्यवस्था बदली है। नया प्रवेशपत्र ${portal} से लें।`,
      };
    case 'en':
      return {
        registration: `KBE Young Scientist: registration received. Your candidate ID is {candidateCode}. Use it on ${portal} for your hall ticket.`,
        'hall-ticket': `KBE Young Scientist: your hall ticket is released. Download it on ${portal} with candidate ID {candidateCode}.`,
        certificate: `KBE Young Scientist: your certificate is released. Download it on ${portal} with candidate ID {candidateCode}.`,
        'consent-otp': `KBE Young Scientist: {code} is the code to give parental consent for candidate {candidateCode}. Valid 10 minutes; do not share it. Notice: ${consentPage}`,
        'withdrawal-otp': `KBE Young Scientist: {code} is the code to WITHDRAW parental consent for candidate {candidateCode} and erase its data. Valid 10 minutes; do not share it. ${consentPage}`,
        'data-request-otp': `KBE Young Scientist: {code} is the code to see or correct the data of candidate {candidateCode}. Valid 10 minutes; do not share it. ${consentPage}`,
        'portal-otp': `KBE Young Scientist: {code} is your code to sign in to the Kalpana Einstein Quest school portal as {candidateCode}. Valid 10 minutes; do not share it. ${portalPage}`,
        correction: `KBE Young Scientist: the details of candidate {candidateCode} were corrected at the school's request. Download the hall ticket again on ${portal}.`,
        'seat-change': `KBE Young Scientist: the exam seat of candidate {candidateCode} has changed. Download the new hall ticket on ${portal}.`,
      };
  }
}

/**
 * The message type an event SMS is sent (and its DLT template looked up) under: the kind for
 * English, as before; `<kind>.mr` and `<kind>.hi` for the other languages, each a DLT template of
 * its own (one template per gateway request).
 */
export function eventSmsMessageType(kind: EventSmsKind | ResultSmsKind, language: CandidateLanguage = DEFAULT_CANDIDATE_LANGUAGE): string {
  return language === 'en' ? kind : `${kind}.${language}`;
}

/** The SMS (message type and template) of each kind of one-time code. */
export const OTP_MESSAGE_TYPES = {
  'parental-consent': 'consent-otp',
  'consent-withdrawal': 'withdrawal-otp',
  'data-request': 'data-request-otp',
  'portal-sign-in': 'portal-otp',
} as const satisfies Record<OtpPurpose, EventSmsKind>;
