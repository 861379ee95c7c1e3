import { randomUUID } from 'node:crypto';
import { BadRequestException, HttpStatus, Inject, Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import {
  DEFAULT_CANDIDATE_LANGUAGE,
  MENTOR_CODE_PATTERN,
  detectImageType,
  registrationClosedMessage,
  validateCandidateSubmission,
  type CandidateRegistration,
  type EditionSettings,
  type ImageFileInfo,
} from '@kbe/contracts';
import { RequestValidationError, refuseNulCharacters } from '@kbe/server-bootstrap';
import { CLOCK, type Clock } from '../../common/clock';
import { CODE_GENERATORS, type CodeGenerators } from '../../common/code-generators';
import { EDITION_SETTINGS } from '../../common/edition.settings.provider';
import { fingerprintOf } from '../../common/fingerprint.util';
import { IdempotentRegistration, type RegistrationOutcome } from '../../common/idempotent-registration';
import { issueUniqueCode } from '../../common/unique-code.issuer';
import { UnknownReferenceException } from '../../common/unknown-reference.exception';
import { MENTOR_REPOSITORY, type MentorRecord, type MentorRepository } from '../../mentors/mentor.repository';
import {
  CANDIDATE_DOCUMENTS_STORE,
  type CandidateDocumentsStore,
  type CandidateImages,
  type StoredImageKeys,
} from '../candidate-documents.store';
import {
  CANDIDATE_REPOSITORY,
  candidateRegisteredEvent,
  type CandidateRecord,
  type CandidateRepository,
} from '../candidate.repository';
import { FIRST_LEVEL } from '../exam-result';
import { IMAGE_NORMALIZER, UnreadableImageError, type ImageNormalizer } from '../image-normalizer';
import { CONSENT_NOTICE_VERSION } from '../../consent/notice/consent-notice';
import { TEST_DATA_CONSENT, testDataConsent } from '../test-data-consent';

export const MENTOR_CODE_NOT_FOUND = 'Mentor Code not found';
export const MENTOR_CODE_INACTIVE = 'Mentor Code is not active';
export const DOCUMENTS_NOT_STORED = 'Your photo and signature could not be saved. Please try again.';

export interface UploadedImage {
  bytes: Buffer;
}

export interface CandidateSubmissionInput {
  /** Nested candidate fields (JSON body, or the multipart fields). */
  fields: unknown;
  photo?: UploadedImage;
  signature?: UploadedImage;
  idempotencyKey?: string;
  /** An admin adds a candidate (through admin-service): the registration deadline does not apply. */
  byAdmin?: boolean;
}

export interface RegisterCandidateResult {
  candidate: CandidateRecord;
  replayed: boolean;
}

/** The identity of a candidate: equal for the same details typed again (any case or spacing). */
export function candidateFingerprint(candidate: CandidateRegistration): string {
  const { personalDetails: p, contactDetails: c } = candidate;
  return fingerprintOf([candidate.mentorCode, p.fullName, p.fatherName, p.motherName, p.dateOfBirth, c.phoneNumber]);
}

/** A mentor look-up started early, for the code the submit names (as validation will read it). */
interface EarlyMentorLookup {
  mentorCode: string;
  mentor: Promise<MentorRecord | null>;
}

/** The mentor code of a not yet validated submit, when it has the form validation accepts. */
function plausibleMentorCode(fields: unknown): string | null {
  const raw = typeof fields === 'object' && fields !== null ? (fields as { mentorCode?: unknown }).mentorCode : undefined;
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return MENTOR_CODE_PATTERN.test(code) ? code : null;
}

/** What the rules know of an upload: its size and the type its first bytes prove. */
function imageInfo(image?: UploadedImage): ImageFileInfo | null {
  if (!image) return null;
  return { size: image.bytes.length, type: detectImageType(image.bytes) ?? 'application/octet-stream' };
}

/**
 * Registers a candidate with photo and signature (the replay check, idempotency key and event
 * are IdempotentRegistration's). Steps, in an order that needs no transaction: deadline,
 * validation, mentor check, image normalisation, upload under the new code, insert (unique code
 * and fingerprint: a duplicate is answered with the first code). If the insert
 * fails the uploaded files are removed; if the upload fails nothing was inserted.
 */
@Injectable()
export class RegisterCandidateUseCase {
  private readonly logger = new Logger(RegisterCandidateUseCase.name);

  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    @Inject(CANDIDATE_DOCUMENTS_STORE) private readonly documents: CandidateDocumentsStore,
    @Inject(IMAGE_NORMALIZER) private readonly images: ImageNormalizer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CODE_GENERATORS) private readonly codes: CodeGenerators,
    @Inject(EDITION_SETTINGS) private readonly edition: EditionSettings,
    private readonly idempotent: IdempotentRegistration,
    /** Test and benchmark data only (TEST_DATA_CONSENT): consent recorded as `test-data` at registration. */
    @Optional() @Inject(TEST_DATA_CONSENT) private readonly consentForTestData = false,
  ) {}

  async execute(input: CandidateSubmissionInput): Promise<RegisterCandidateResult> {
    // The mentor is read while the replay check runs (two independent reads, one round trip of
    // waiting instead of two); a replay or a refused submit leaves the answer unused.
    const early = this.lookUpMentorEarly(input);
    const { record, replayed } = await this.idempotent.run({
      kind: 'candidate',
      key: input.idempotencyKey,
      records: this.candidates,
      codeOf: (candidate) => candidate.candidateCode,
      register: () => this.register(input, early),
    });
    return { candidate: record, replayed };
  }

  private lookUpMentorEarly(input: CandidateSubmissionInput): EarlyMentorLookup | null {
    const mentorCode = plausibleMentorCode(input.fields);
    if (!mentorCode) return null;
    const mentor = this.mentors.findByCode(mentorCode);
    mentor.catch(() => undefined); // awaited (and its failure reported) only if registration gets that far
    return { mentorCode, mentor };
  }

  private async register(input: CandidateSubmissionInput, early: EarlyMentorLookup | null): Promise<RegistrationOutcome<CandidateRecord>> {
    const now = this.clock.now();
    // The one deadline check of the server (an admin-added candidate has none): it answers with
    // the spec's message alone.
    const closed = input.byAdmin ? null : registrationClosedMessage(now, this.edition);
    if (closed) {
      throw new BadRequestException({ statusCode: HttpStatus.BAD_REQUEST, message: closed, errors: [{ field: 'registrationDeadline', message: closed }] });
    }
    refuseNulCharacters(input.fields); // multipart fields are parsed after the service-wide check
    const checked = validateCandidateSubmission({ fields: input.fields, photo: imageInfo(input.photo), signature: imageInfo(input.signature) });
    if (!checked.success) throw new RequestValidationError(checked.fieldErrors);
    // Fees are confirmed by an admin, never by the registration form.
    const registration: CandidateRegistration = { ...checked.data, feesPaid: false };

    const mentor = await (early?.mentorCode === registration.mentorCode ? early.mentor : this.mentors.findByCode(registration.mentorCode));
    if (!mentor) throw new UnknownReferenceException('mentorCode', MENTOR_CODE_NOT_FOUND);
    if (!mentor.isActive) throw new UnknownReferenceException('mentorCode', MENTOR_CODE_INACTIVE);

    // No lookup before the insert (it would read the whole collection on FerretDB): the unique
    // fingerprint index refuses the same candidate twice, and that rare case is answered below.
    const fingerprint = candidateFingerprint(registration);

    // Both present and images: validateCandidateSubmission proved it.
    const jpegs = await this.normalise(input.photo as UploadedImage, input.signature as UploadedImage);
    const eventId = randomUUID();

    const outcome = await issueUniqueCode(
      () => this.codes.candidate(now),
      async (candidateCode): Promise<{ stored: CandidateRecord | 'duplicate' } | { collision: true }> => {
        const keys = await this.upload(candidateCode, eventId, jpegs);
        const record: CandidateRecord = {
          ...registration,
          language: registration.language ?? DEFAULT_CANDIDATE_LANGUAGE,
          candidateCode,
          schoolCode: mentor.schoolCode,
          hallTicketReleased: false,
          certificateReleased: false,
          seatNumber: null,
          center: null,
          examTime: null,
          level: FIRST_LEVEL,
          results: [],
          levelHistory: [],
          ...keys,
          createdAt: now,
          deletedAt: null,
          ...(this.consentForTestData ? { consent: testDataConsent(now, CONSENT_NOTICE_VERSION) } : {}),
        };
        let inserted;
        try {
          inserted = await this.candidates.insert({ ...record, fingerprint, eventId });
        } catch (error) {
          await this.documents.remove(keys);
          throw error;
        }
        if ('inserted' in inserted) return { stored: record };
        await this.documents.remove(keys);
        return inserted.duplicate === 'fingerprint' ? { stored: 'duplicate' } : { collision: true };
      },
    );

    if (outcome === 'duplicate') {
      // The same details were submitted before (or concurrently): answer with the first code.
      const first = await this.candidates.findByFingerprint(fingerprint);
      if (!first) throw new Error('Candidate duplicate reported but not found');
      return { record: first, existing: true };
    }
    return { record: outcome, event: candidateRegisteredEvent(eventId, outcome) };
  }

  private async normalise(photo: UploadedImage, signature: UploadedImage): Promise<CandidateImages> {
    const convert = async (field: 'photo' | 'signature', label: string, image: UploadedImage) => {
      try {
        return await this.images.toJpeg(image.bytes);
      } catch (error) {
        if (!(error instanceof UnreadableImageError)) throw error;
        throw new RequestValidationError([{ field, message: `${label} could not be read as an image` }]);
      }
    };
    // Both at once (the normaliser bounds how many run); a photo error is reported before a signature error.
    const [photoJpeg, signatureJpeg] = await Promise.allSettled([convert('photo', 'Photo', photo), convert('signature', 'Signature', signature)]);
    if (photoJpeg.status === 'rejected') throw photoJpeg.reason;
    if (signatureJpeg.status === 'rejected') throw signatureJpeg.reason;
    return { photo: photoJpeg.value, signature: signatureJpeg.value };
  }

  private async upload(candidateCode: string, uploadId: string, jpegs: CandidateImages): Promise<StoredImageKeys> {
    try {
      return await this.documents.save(candidateCode, uploadId, jpegs);
    } catch (error) {
      this.logger.error(`Upload of ${candidateCode}'s documents failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(DOCUMENTS_NOT_STORED);
    }
  }
}
