import { DOCUMENT_VERIFY_PAGE, DOCUMENT_VERIFY_QUERY, formatExamTime, parseExamTime, type CandidateLanguage, type DocumentKind, type ExamLevel } from '@kbe/contracts';
import Handlebars from 'handlebars';
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import type { CandidateDocumentData, CandidateExamSeat } from '../candidates/candidate-directory';
import { CERTIFICATE_TEMPLATE } from '../templates/certificate.template';
import { DEVANAGARI_FONT_FACES } from '../templates/devanagari-font';
import { AWARD_SENTENCES, CERTIFICATE_SENTENCE, DOCUMENT_LABELS, MEDAL_NAMES, type DocumentLabel } from '../templates/document-labels';
import { DOCUMENT_STYLES } from '../templates/document.styles';
import { HALL_TICKET_TEMPLATE } from '../templates/hall-ticket.template';
import type { VerificationTokens } from '../verification/verification-token';
import { awardVariant, type CertificateAward } from './certificate-award';
import { formatCalendarDate, hallTicketInstructions, type PrintEdition } from './print-edition';

/** The photo and signature as stored at registration (JPEG bytes). */
export interface CandidateImages {
  photo: Buffer;
  signature: Buffer;
}

const TBA = 'TBA';
const orTba = (value: string | null): string => (value && value.trim() !== '' ? value : TBA);
const jpegDataUrl = (bytes: Buffer): string => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/**
 * The allocated seat the hall ticket prints: only while the record's seat number is its roll
 * number (a seat number an admin typed over it since is printed as it is, without the seat's room).
 */
function allocatedSeat(candidate: CandidateDocumentData): CandidateExamSeat | null {
  const seat = candidate.examSeat;
  return seat && seat.rollNumber === candidate.seatNumber ? seat : null;
}

/** The rows an allocated seat adds to the hall ticket (`seat`), none without one. */
function seatRows(seat: CandidateExamSeat | null): { seat?: { rollNumber: string; room: string; centreAddress: string; reportingTime: string } } {
  if (!seat) return {};
  return { seat: { rollNumber: seat.rollNumber, room: orTba(seat.room), centreAddress: orTba(seat.centreAddress), reportingTime: reportingTimeOf(seat) } };
}

/** The reporting time for people, as the exam time is printed: '17 January 2027, 9:45 am IST' (the sitting's day, India time). */
function reportingTimeOf(seat: CandidateExamSeat): string {
  const instant = parseExamTime(`${seat.date}T${seat.reportingTime}:00+05:30`);
  return instant ? formatExamTime(instant) : orTba(seat.reportingTime);
}

const TEMPLATES: Record<DocumentKind, string> = { 'hall-ticket': HALL_TICKET_TEMPLATE, certificate: CERTIFICATE_TEMPLATE };

/** The print CSS with the embedded Devanagari font. */
const STYLES = `${DEVANAGARI_FONT_FACES}\n${DOCUMENT_STYLES}`;

/** A label in the candidate's language (null for English). */
function localLabel(label: DocumentLabel, language: CandidateLanguage): string | null {
  if (language === 'en') return null;
  const translated = (DOCUMENT_LABELS as Record<string, Record<string, string>>)[label]?.[language];
  if (!translated) throw new Error(`No ${language} text for the document label "${label}"`);
  return translated;
}

/** How a hall ticket names the level after Mains (the competition's own words: district, then state). */
const LEVEL_STAGES: Record<Exclude<ExamLevel, 'Mains'>, string> = { Advanced: 'Advanced (District)', 'Super Advanced': 'Super Advanced (State)' };

/** The helpers the templates print labels with; the language is the rendering's (`language` of its data). */
function registerLabelHelpers(handlebars: typeof Handlebars): void {
  const languageOf = (options: Handlebars.HelperOptions): CandidateLanguage => (options.data.root as { language: CandidateLanguage }).language;
  // `{{label "Candidate Name"}}`: English as it is; otherwise the candidate's language, the English beneath
  handlebars.registerHelper('label', (label: DocumentLabel, options: Handlebars.HelperOptions) => {
    const language = languageOf(options);
    const local = localLabel(label, language);
    const english = handlebars.escapeExpression(label);
    if (local === null) return new handlebars.SafeString(english);
    return new handlebars.SafeString(`<span class="local" lang="${language}">${handlebars.escapeExpression(local)}</span><span class="en">${english}</span>`);
  });
  // `{{localLabel "Edition"}}`: the label in the candidate's language only (inside a bilingual line)
  handlebars.registerHelper('localLabel', (label: DocumentLabel, options: Handlebars.HelperOptions) => localLabel(label, languageOf(options)) ?? label);
}

/** `{name}` placeholders of a sentence filled with the values. */
function fill(sentence: string, values: Record<string, string | number>): string {
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** The title a certificate of a published result prints. */
function awardTitle(award: CertificateAward): DocumentLabel {
  if (award.kind === 'merit') return 'Certificate of Merit';
  if (award.kind === 'qualifying') return award.result.nextLevel === 'Super Advanced' ? 'Super Advanced Qualifying E-Certificate' : 'Advanced Qualifying E-Certificate';
  return 'Certificate of Participation';
}

/** What a certificate of a published result says was earned, in `language` (English: `en`). */
export function awardSentence(award: CertificateAward, language: CandidateLanguage, year: number): string {
  const { result } = award;
  return fill(AWARD_SENTENCES[language][award.kind], {
    year,
    category: result.category,
    level: result.level,
    rank: result.rank ?? '',
    medal: result.medal ? MEDAL_NAMES[language][result.medal] : '',
    nextLevel: result.nextLevel ?? '',
  });
}

/** Changes whenever a template or the print CSS changes: part of every cache key. */
export const TEMPLATE_VERSION = createHash('sha256')
  .update(HALL_TICKET_TEMPLATE)
  .update(CERTIFICATE_TEMPLATE)
  .update(STYLES)
  .update(JSON.stringify([DOCUMENT_LABELS, CERTIFICATE_SENTENCE, AWARD_SENTENCES, MEDAL_NAMES]))
  .digest('hex')
  .slice(0, 12);

/**
 * Builds the HTML of a document from the candidate, the edition settings and a signed
 * verification link, and names its content version (template + settings + data + signing key):
 * equal versions render equal PDFs, so the version keys the PDF cache.
 */
export class DocumentComposer {
  private readonly compiled: Record<DocumentKind, HandlebarsTemplateDelegate>;
  /**
   * Versions of the candidate records seen (a download asks for the version of the record kept
   * in memory each time). Records are values: a change arrives as a new record, never as an edit.
   */
  private readonly versions = new WeakMap<CandidateDocumentData, Record<string, string>>();

  constructor(
    private readonly edition: PrintEdition,
    private readonly tokens: VerificationTokens,
    private readonly publicBaseUrl: string,
  ) {
    const handlebars = Handlebars.create();
    registerLabelHelpers(handlebars);
    this.compiled = {
      'hall-ticket': handlebars.compile(TEMPLATES['hall-ticket'], { strict: true }),
      certificate: handlebars.compile(TEMPLATES.certificate, { strict: true }),
    };
  }

  /**
   * The content version. Photos and signatures are not part of it: they are fixed at
   * registration (there is no way to replace them), so the candidate code stands for them.
   */
  contentVersion(kind: DocumentKind, candidate: CandidateDocumentData, award: CertificateAward | null = null): string {
    let versions = this.versions.get(candidate);
    if (!versions) this.versions.set(candidate, (versions = {}));
    const variant = award ? `${kind}:${awardVariant(award)}` : kind;
    return (versions[variant] ??= createHash('sha256')
      .update(JSON.stringify({
        template: TEMPLATE_VERSION,
        kind,
        edition: this.edition,
        // a changed result (rank, medal, score) is a new version: the certificate is rendered again
        data: this.printedData(kind, candidate, award),
        key: this.tokens.keyId,
        base: this.publicBaseUrl,
      }))
      .digest('hex')
      .slice(0, 24));
  }

  /**
   * What every candidate's content version of `kind` shares (template, edition, signing key, site):
   * a bundle of many candidates built with another one is built again.
   */
  sharedVersion(kind: DocumentKind): string {
    return createHash('sha256')
      .update(JSON.stringify({ template: TEMPLATE_VERSION, kind, edition: this.edition, key: this.tokens.keyId, base: this.publicBaseUrl }))
      .digest('hex')
      .slice(0, 24);
  }

  verificationUrl(kind: DocumentKind, candidateCode: string, award: CertificateAward | null = null): string {
    const token = this.tokens.sign({
      candidateCode,
      kind,
      edition: this.edition.year,
      ...(award && kind === 'certificate'
        ? { award: { kind: award.kind, level: award.result.level, rank: award.kind === 'merit' ? award.result.rank : null } }
        : {}),
    });
    return `${this.publicBaseUrl}${DOCUMENT_VERIFY_PAGE}?${DOCUMENT_VERIFY_QUERY}=${encodeURIComponent(token)}`;
  }

  async html(kind: DocumentKind, candidate: CandidateDocumentData, images?: CandidateImages, award: CertificateAward | null = null): Promise<string> {
    const certified = kind === 'certificate' ? award : null;
    const qrSvg = await QRCode.toString(this.verificationUrl(kind, candidate.candidateCode, certified), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    const language = candidate.language;
    return this.compiled[kind]({
      styles: STYLES,
      language,
      bilingual: language !== 'en',
      sentence: language === 'en' ? null : CERTIFICATE_SENTENCE[language],
      edition: this.edition,
      candidate: this.printedData(kind, candidate, certified),
      award: certified
        ? {
            title: awardTitle(certified),
            english: awardSentence(certified, 'en', this.edition.year),
            local: language === 'en' ? null : awardSentence(certified, language, this.edition.year),
          }
        : null,
      instructions: hallTicketInstructions(this.edition),
      issuedOn: formatCalendarDate(this.edition.certificateDate),
      photo: images ? jpegDataUrl(images.photo) : '',
      signature: images ? jpegDataUrl(images.signature) : '',
      qrSvg,
    });
  }

  /** What the document prints of the candidate (part of its content version). */
  printedData(kind: DocumentKind, candidate: CandidateDocumentData, award: CertificateAward | null = null) {
    const { personalDetails: person, educationalDetails: education } = candidate;
    // a candidate who qualified sits the next level: its hall ticket names it (Mains prints the form's stage, as before)
    const stage = candidate.level === 'Mains' ? education.kbeStageParticipated.trim() || 'Mains (Taluka)' : LEVEL_STAGES[candidate.level];
    const common = {
      // the labels' language: a change of it is a new content version (a new PDF)
      language: candidate.language,
      code: candidate.candidateCode,
      name: person.fullName,
      school: education.schoolName,
      category: education.kbeCategory,
    };
    if (kind === 'certificate') {
      // a certificate of a published result: the result printed (left out without one, so such a
      // certificate prints and versions as before results)
      return award ? { ...common, level: award.result.level, category: award.result.category, award: { kind: award.kind, result: award.result } } : { ...common, level: stage };
    }
    return {
      ...common,
      fatherName: person.fatherName,
      motherName: person.motherName,
      standard: education.standard,
      stage,
      centre: orTba(candidate.center),
      seatNumber: orTba(candidate.seatNumber),
      // for people, in India time: '5 November 2025, 10:00 am IST' (the API's ISO text is not for print)
      examTime: formatExamTime(orTba(candidate.examTime)),
      // an allocated seat: the roll number instead of the seat number, and where and when to report
      // (left out without one, so such a hall ticket prints and versions as before)
      ...seatRows(allocatedSeat(candidate)),
    };
  }
}
