import { Injectable } from '@nestjs/common';
import { DEFAULT_CONTACT_DETAILS } from '@kbe/content';
import { CONSENT_NOTICE_LANGUAGES, type ConsentNotice, type ConsentNoticeLanguage } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import type { RegistrationConfig } from '../../registration.config';
import { CONSENT_NOTICE_VERSION, renderConsentNotice, type ConsentNoticeText, type NoticeContact } from './consent-notice';
import { CONSENT_NOTICE_EN } from './consent-notice.en';
import { CONSENT_NOTICE_HI } from './consent-notice.hi';
import { CONSENT_NOTICE_MR } from './consent-notice.mr';

export const CONSENT_NOTICE_TEXTS: Record<ConsentNoticeLanguage, ConsentNoticeText> = {
  en: CONSENT_NOTICE_EN,
  mr: CONSENT_NOTICE_MR,
  hi: CONSENT_NOTICE_HI,
};

/** The organisers' contact details as the deployment sets them (CONTACT_*), else the product's. */
export function noticeContact(config: Pick<RegistrationConfig, 'CONTACT_ADDRESS' | 'CONTACT_PHONE' | 'CONTACT_EMAIL'>): NoticeContact {
  return {
    address: config.CONTACT_ADDRESS ?? DEFAULT_CONTACT_DETAILS.address,
    phone: config.CONTACT_PHONE ?? DEFAULT_CONTACT_DETAILS.phone,
    email: config.CONTACT_EMAIL ?? DEFAULT_CONTACT_DETAILS.email,
  };
}

/** The current notice in each language, rendered once at start. */
@Injectable()
export class ConsentNotices {
  readonly version = CONSENT_NOTICE_VERSION;
  private readonly rendered: Record<ConsentNoticeLanguage, ConsentNotice>;

  constructor(@InjectConfig() config: RegistrationConfig) {
    const contact = noticeContact(config);
    this.rendered = Object.fromEntries(
      CONSENT_NOTICE_LANGUAGES.map((lang) => [lang, { version: this.version, lang, html: renderConsentNotice(CONSENT_NOTICE_TEXTS[lang], contact) }]),
    ) as Record<ConsentNoticeLanguage, ConsentNotice>;
  }

  notice(lang: ConsentNoticeLanguage): ConsentNotice {
    return this.rendered[lang];
  }
}
