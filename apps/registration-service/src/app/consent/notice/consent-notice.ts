import type { ConsentNoticeLanguage } from '@kbe/contracts';

/**
 * The version of the notice. Change it whenever the text of any language changes in meaning: a
 * consent records the version its guardian read, and a confirmation of an older version is refused.
 */
export const CONSENT_NOTICE_VERSION = '2026-11-28.1';

/** How long an item is kept: one text per class in each language. */
export type RetentionClass = 'registration' | 'fees' | 'consent';

/**
 * Every item of data the candidate form collects (its field paths, and the two images), and what
 * the service adds when consent is given; each language's notice explains each of them. A field
 * added to the form fails the notice's test until every language explains it.
 */
export const NOTICE_ITEMS = {
  mentorCode: 'registration',
  'personalDetails.fullName': 'registration',
  'personalDetails.fatherName': 'registration',
  'personalDetails.motherName': 'registration',
  'personalDetails.gender': 'registration',
  'personalDetails.dateOfBirth': 'registration',
  'personalDetails.religion': 'registration',
  'personalDetails.region': 'registration',
  'personalDetails.motherTongue': 'registration',
  'contactDetails.phoneNumber': 'registration',
  'contactDetails.email': 'registration',
  'guardianDetails.name': 'registration',
  'guardianDetails.relation': 'registration',
  'guardianDetails.phoneNumber': 'registration',
  'orphanDetails.isOrphan': 'registration',
  'permanentAddress.addressLines': 'registration',
  'permanentAddress.village': 'registration',
  'permanentAddress.taluka': 'registration',
  'permanentAddress.district': 'registration',
  'permanentAddress.state': 'registration',
  'permanentAddress.pin': 'registration',
  'educationalDetails.schoolName': 'registration',
  'educationalDetails.standard': 'registration',
  'educationalDetails.medium': 'registration',
  'educationalDetails.board': 'registration',
  'educationalDetails.kbeCategory': 'registration',
  'educationalDetails.kbeStageParticipated': 'registration',
  'educationalDetails.fees': 'fees',
  feesPaid: 'fees',
  language: 'registration',
  photo: 'registration',
  signature: 'registration',
  consentRecord: 'consent',
} as const satisfies Record<string, RetentionClass>;

export type NoticeItemKey = keyof typeof NOTICE_ITEMS;

export interface NoticeItemText {
  /** The item as the form names it. */
  label: string;
  /** Why it is collected and where it is used. */
  purpose: string;
}

/**
 * One language's notice. Texts may hold `{email}`, `{phone}`, `{address}` (the organisers' contact
 * details) and `{board}` (the Data Protection Board's address); the renderer escapes everything.
 */
export interface ConsentNoticeText {
  lang: ConsentNoticeLanguage;
  title: string;
  intro: string[];
  itemsHeading: string;
  columns: { item: string; purpose: string; retention: string };
  items: Record<NoticeItemKey, NoticeItemText>;
  retention: Record<RetentionClass, string>;
  sharingHeading: string;
  sharing: string[];
  rightsHeading: string;
  rights: string[];
  withdrawHeading: string;
  withdraw: string[];
  complainHeading: string;
  complain: string[];
  contactHeading: string;
  contactLabels: { address: string; phone: string; email: string };
  versionLabel: string;
}

export interface NoticeContact {
  address: string;
  phone: string;
  email: string;
}

/** Where a complaint goes once the organisers have answered it (or not, in time). */
export const DATA_PROTECTION_BOARD = 'https://www.dpboard.gov.in';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The notice as HTML: headings, paragraphs, lists and a table, every text escaped. */
export function renderConsentNotice(text: ConsentNoticeText, contact: NoticeContact, version = CONSENT_NOTICE_VERSION): string {
  const fill = (template: string) =>
    escapeHtml(
      template
        .replaceAll('{email}', contact.email)
        .replaceAll('{phone}', contact.phone)
        .replaceAll('{address}', contact.address)
        .replaceAll('{board}', DATA_PROTECTION_BOARD),
    );
  const paragraphs = (list: string[]) => list.map((p) => `<p>${fill(p)}</p>`).join('');
  const section = (heading: string, body: string) => `<section><h3>${fill(heading)}</h3>${body}</section>`;
  const rows = (Object.keys(NOTICE_ITEMS) as NoticeItemKey[])
    .map((key) => {
      const item = text.items[key];
      return `<tr><th scope="row">${fill(item.label)}</th><td>${fill(item.purpose)}</td><td>${fill(text.retention[NOTICE_ITEMS[key]])}</td></tr>`;
    })
    .join('');
  return [
    `<article lang="${text.lang}">`,
    `<h2>${fill(text.title)}</h2>`,
    paragraphs(text.intro),
    section(
      text.itemsHeading,
      `<table><thead><tr><th scope="col">${fill(text.columns.item)}</th><th scope="col">${fill(text.columns.purpose)}</th><th scope="col">${fill(text.columns.retention)}</th></tr></thead><tbody>${rows}</tbody></table>`,
    ),
    section(text.sharingHeading, paragraphs(text.sharing)),
    section(text.rightsHeading, `<ul>${text.rights.map((r) => `<li>${fill(r)}</li>`).join('')}</ul>`),
    section(text.withdrawHeading, paragraphs(text.withdraw)),
    section(text.complainHeading, paragraphs(text.complain)),
    section(
      text.contactHeading,
      `<ul><li>${fill(text.contactLabels.address)}: ${fill(contact.address)}</li><li>${fill(text.contactLabels.phone)}: ${fill(contact.phone)}</li><li>${fill(text.contactLabels.email)}: ${fill(contact.email)}</li></ul>`,
    ),
    `<p><small>${fill(text.versionLabel)}: ${escapeHtml(version)}</small></p>`,
    '</article>',
  ].join('');
}
