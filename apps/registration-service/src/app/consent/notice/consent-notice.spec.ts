import { candidateRegistrationSchema, CONSENT_NOTICE_LANGUAGES, CANDIDATE_FILE_PARTS } from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { z } from 'zod';
import { registrationEnvSchema } from '../../registration.config';
import { CONSENT_NOTICE_VERSION, DATA_PROTECTION_BOARD, NOTICE_ITEMS, renderConsentNotice, type ConsentNoticeText } from './consent-notice';
import { CONSENT_NOTICE_TEXTS, ConsentNotices, noticeContact } from './consent-notices';

/** The field paths of a zod object, nested groups joined by dots. */
function leafPaths(schema: z.ZodType, prefix = ''): string[] {
  const inner = schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? schema.unwrap() : schema;
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

/** Every string of a notice text, wherever it sits. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const contact = { address: 'KBE Office, College Road, Nashik', phone: '+91 22 1234 5678', email: 'privacy@kbe.example.org' };
const required = {
  MINIO_ACCESS_KEY: 'kbe-dev',
  MINIO_SECRET_KEY: 'minio-secret-123',
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
};

describe('the parental-consent notice', () => {
  it('explains every item of data the candidate form collects, and the consent record', () => {
    const collected = [...leafPaths(candidateRegistrationSchema), ...Object.keys(CANDIDATE_FILE_PARTS), 'consentRecord'];
    expect(Object.keys(NOTICE_ITEMS).sort()).toEqual([...new Set(collected)].sort());
  });

  it.each(CONSENT_NOTICE_LANGUAGES)('is complete in %s: every item with a label and a purpose, every retention, no placeholder left', (lang) => {
    const text: ConsentNoticeText = CONSENT_NOTICE_TEXTS[lang];
    expect(text.lang).toBe(lang);
    expect(Object.keys(text.items).sort()).toEqual(Object.keys(NOTICE_ITEMS).sort());
    for (const item of Object.values(text.items)) {
      expect(item.label.trim()).not.toBe('');
      expect(item.purpose.trim().length).toBeGreaterThan(10);
    }
    for (const sentence of strings(text)) expect(sentence).not.toMatch(/TODO|TBD|lorem|\{(?!email\}|phone\}|address\}|board\})/i);
    // how to withdraw and how to complain name the organisers' contact, then the Board
    expect(text.withdraw.join(' ')).toMatch(/\{email\}/);
    expect(text.complain.join(' ')).toMatch(/\{email\}/);
    expect(text.complain.join(' ')).toMatch(/\{board\}/);
  });

  it.each(['mr', 'hi'] as const)('is written in Devanagari in %s, not English', (lang) => {
    const text = CONSENT_NOTICE_TEXTS[lang];
    for (const sentence of [text.title, ...text.intro, ...Object.values(text.items).map((item) => item.purpose), ...text.withdraw]) {
      const letters = sentence.replace(/KBE|SMS|\{\w+\}|[^\p{L}]/gu, '');
      const devanagari = letters.replace(/[^\u0900-\u097F]/g, '');
      expect(devanagari.length / letters.length).toBeGreaterThan(0.9);
    }
    // not the English text under another name
    expect(text.items['personalDetails.motherName'].purpose).not.toBe(CONSENT_NOTICE_TEXTS.en.items['personalDetails.motherName'].purpose);
  });

  it('renders one table row per item, the contact details, the Board and the version, every text escaped', () => {
    const html = renderConsentNotice(CONSENT_NOTICE_TEXTS.en, { ...contact, email: 'privacy<script>@kbe.example.org' });
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(Object.keys(NOTICE_ITEMS).length);
    expect(html).toContain('<th scope="row">Mother&#39;s name</th>');
    expect(html).toContain('privacy&lt;script&gt;@kbe.example.org');
    expect(html).not.toContain('<script>');
    expect(html).toContain('+91 22 1234 5678');
    expect(html).toContain(DATA_PROTECTION_BOARD);
    expect(html).toContain(`Version of this notice: ${CONSENT_NOTICE_VERSION}`);
    expect(html).not.toMatch(/\{(email|phone|address|board)\}/);
    expect(html.startsWith('<article lang="en">')).toBe(true);
  });

  it('serves each language at the current version with the deployment\'s contact details, or the product\'s', () => {
    const notices = new ConsentNotices(
      loadConfig(registrationEnvSchema, { ...required, CONTACT_EMAIL: contact.email, CONTACT_PHONE: contact.phone }),
    );
    for (const lang of CONSENT_NOTICE_LANGUAGES) {
      const notice = notices.notice(lang);
      expect(notice).toEqual({ version: CONSENT_NOTICE_VERSION, lang, html: expect.stringContaining(`<article lang="${lang}">`) });
      expect(notice.html).toContain('privacy@kbe.example.org');
    }
    expect(notices.notice('mr').html).toContain('पालक किंवा संरक्षकांसाठी सूचना');
    expect(notices.notice('hi').html).toContain('माता-पिता या अभिभावक के लिए सूचना');
    expect(noticeContact(loadConfig(registrationEnvSchema, required)).email).toBe('info@example.org');
  });
});
