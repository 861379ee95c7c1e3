import type { EditionSettings } from '@kbe/contracts';
import { DEFAULT_EDITION } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import type { CodeGenerators } from '../../common/code-generators';
import type { IdempotencyStore, RegistrationKind } from '../../common/idempotency.store';
import { IdempotentRegistration } from '../../common/idempotent-registration';
import type { PendingRegistrationEvent, RegistrationEventPublisher } from '../../common/registration-event.publisher';
import type { MentorRecord, MentorRepository } from '../../mentors/mentor.repository';
import type { CandidateDocumentsStore, CandidateImages, StoredImageKeys } from '../candidate-documents.store';
import type { CandidateInsertOutcome, CandidateRecord, CandidateRepository, NewCandidate } from '../candidate.repository';
import type { ImageNormalizer } from '../image-normalizer';
import { RegisterCandidateUseCase, type CandidateSubmissionInput } from './register-candidate.usecase';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function recordOf(row?: NewCandidate): CandidateRecord | null {
  if (!row) return null;
  const record: Partial<NewCandidate> = { ...row };
  delete record.eventId;
  delete record.fingerprint;
  return record as CandidateRecord;
}

class FakeCandidates implements Partial<CandidateRepository> {
  readonly name = 'candidates';
  readonly rows: NewCandidate[] = [];
  failInsert?: Error;

  async insert(candidate: NewCandidate): Promise<CandidateInsertOutcome> {
    if (this.failInsert) throw this.failInsert;
    if (this.rows.some((row) => row.candidateCode === candidate.candidateCode)) return { duplicate: 'code' };
    if (this.rows.some((row) => row.fingerprint === candidate.fingerprint)) return { duplicate: 'fingerprint' };
    this.rows.push(candidate);
    return { inserted: true };
  }
  async findByCode(code: string): Promise<CandidateRecord | null> {
    return recordOf(this.rows.find((row) => row.candidateCode === code));
  }
  async findByFingerprint(fingerprint: string): Promise<CandidateRecord | null> {
    return recordOf(this.rows.find((row) => row.fingerprint === fingerprint));
  }
  async markEventsQueued(): Promise<void> {
    return undefined;
  }
}

class FakeDocuments implements CandidateDocumentsStore {
  readonly files = new Map<string, Buffer>();
  failSave = false;

  async save(code: string, uploadId: string, images: CandidateImages): Promise<StoredImageKeys> {
    if (this.failSave) throw new Error('S3 unavailable');
    const keys = { photoKey: `${code}/${uploadId}/photo.jpg`, signatureKey: `${code}/${uploadId}/signature.jpg` };
    this.files.set(keys.photoKey, images.photo);
    this.files.set(keys.signatureKey, images.signature);
    return keys;
  }
  async remove(keys: StoredImageKeys): Promise<void> {
    this.files.delete(keys.photoKey);
    this.files.delete(keys.signatureKey);
  }
  async open(): Promise<never> {
    throw new Error('not used');
  }
  async removeAllOf(code: string): Promise<number> {
    const keys = [...this.files.keys()].filter((key) => key.startsWith(`${code}/`));
    for (const key of keys) this.files.delete(key);
    return keys.length;
  }
}

class FakeIdempotency implements IdempotencyStore {
  readonly keys = new Map<string, string>();
  async find(kind: RegistrationKind, key: string) {
    return this.keys.get(`${kind}:${key}`) ?? null;
  }
  async remember(kind: RegistrationKind, key: string, code: string) {
    const existing = this.keys.get(`${kind}:${key}`);
    if (existing) return existing;
    this.keys.set(`${kind}:${key}`, code);
    return code;
  }
}

const activeMentor: MentorRecord = {
  mentorCode: 'MEN-4HT9PA',
  schoolCode: 'SCH-7KQ2XM',
  name: 'Anita Deshmukh',
  address: 'Nashik',
  location: 'Nashik',
  contact: '9988776655',
  subjectTeaching: 'Physics',
  workExperience: 7,
  activitiesParticipated: 'x',
  opinionOnISRO: 'y',
  isActive: true,
  createdAt: new Date('2025-09-01T00:00:00Z'),
};

/** The contracts' valid candidate as the multipart form sends it: every value text, the code in any case. */
const fields = (fullName = 'Aarav Patil', feesPaid = false) => {
  const candidate = validCandidate();
  return {
    ...candidate,
    mentorCode: candidate.mentorCode.toLowerCase(),
    personalDetails: { ...candidate.personalDetails, fullName },
    orphanDetails: { isOrphan: 'false' },
    educationalDetails: { ...candidate.educationalDetails, fees: String(candidate.educationalDetails.fees) },
    feesPaid: String(feesPaid),
  };
};

function setup(options: { codes?: string[]; now?: string; edition?: EditionSettings; mentor?: MentorRecord | null; log?: string[]; testDataConsent?: boolean } = {}) {
  const candidates = new FakeCandidates();
  const documents = new FakeDocuments();
  const idempotency = new FakeIdempotency();
  const queued: PendingRegistrationEvent[] = [];
  const codes = [...(options.codes ?? ['KBE000001AAA', 'KBE000002BBB', 'KBE000003CCC'])];
  const generators: CodeGenerators = {
    school: () => 'SCH-AAAAAA',
    mentor: () => 'MEN-AAAAAA',
    candidate: () => codes.shift() ?? 'KBE999999ZZZ',
  };
  const mentors = {
    findByCode: async (code: string) => {
      options.log?.push(`mentor ${code}`);
      return code === activeMentor.mentorCode ? (options.mentor === undefined ? activeMentor : options.mentor) : null;
    },
  };
  const normalizer: ImageNormalizer = { toJpeg: async (bytes) => Buffer.concat([Buffer.from('jpeg:'), bytes]) };
  const events = { queue: async (events: readonly PendingRegistrationEvent[]) => void queued.push(...events) };
  const useCase = new RegisterCandidateUseCase(
    candidates as unknown as CandidateRepository,
    mentors as unknown as MentorRepository,
    documents,
    normalizer,
    { now: () => new Date(options.now ?? '2025-10-01T10:00:00+05:30') },
    generators,
    options.edition ?? DEFAULT_EDITION,
    new IdempotentRegistration(idempotency, events as unknown as RegistrationEventPublisher),
    options.testDataConsent,
  );
  const submit = (input: Partial<CandidateSubmissionInput> = {}) =>
    useCase.execute({ fields: fields(), photo: { bytes: JPEG }, signature: { bytes: JPEG }, ...input });
  return { useCase, candidates, documents, idempotency, queued, submit };
}

describe('RegisterCandidateUseCase', () => {
  it('registers a candidate with parental consent pending, or recorded as test data when the setting says so', async () => {
    const pending = await setup().submit();
    expect(pending.candidate.consent).toBeUndefined();
    const { candidates, submit } = setup({ testDataConsent: true });
    const { candidate } = await submit();
    expect(candidate.consent).toEqual({ status: 'given', givenAt: new Date('2025-10-01T10:00:00+05:30'), noticeVersion: expect.any(String), lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null });
    expect(candidates.rows[0]).toMatchObject({ consent: { method: 'test-data' } });
  });

  it('stores the candidate, both images and one event under the issued code; fees stay unpaid', async () => {
    const { candidates, documents, queued, submit } = setup();
    const { candidate, replayed } = await submit({ fields: fields('Aarav Patil', true) });

    expect(replayed).toBe(false);
    expect(candidate).toMatchObject({ candidateCode: 'KBE000001AAA', mentorCode: 'MEN-4HT9PA', schoolCode: 'SCH-7KQ2XM', feesPaid: false });
    expect(candidates.rows).toHaveLength(1);
    expect([...documents.files.keys()].every((key) => key.startsWith('KBE000001AAA/'))).toBe(true);
    expect(documents.files.size).toBe(2);
    expect(queued).toEqual([
      expect.objectContaining({ topic: 'candidate.registered', key: 'KBE000001AAA', id: candidates.rows[0]?.eventId }),
    ]);
  });

  it('reads the mentor while the replay check is under way, once', async () => {
    const log: string[] = [];
    const { idempotency, submit } = setup({ log });
    let answer: () => void = () => undefined;
    idempotency.find = async () => {
      log.push('replay check');
      await new Promise<void>((resolve) => (answer = resolve));
      return null;
    };

    const registered = submit({ idempotencyKey: 'k-1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['mentor MEN-4HT9PA', 'replay check']);
    answer();

    expect((await registered).candidate.mentorCode).toBe('MEN-4HT9PA');
    expect(log).toEqual(['mentor MEN-4HT9PA', 'replay check']);
  });

  it('retries with a new code when the code is taken, and removes the files written under the taken one', async () => {
    const { candidates, documents, submit } = setup({ codes: ['KBE000001AAA', 'KBE000001AAA', 'KBE000002BBB'] });
    await submit();
    const second = await submit({ fields: fields('Riya Jadhav') });

    expect(second.candidate.candidateCode).toBe('KBE000002BBB');
    expect(candidates.rows.map((row) => row.candidateCode)).toEqual(['KBE000001AAA', 'KBE000002BBB']);
    expect(documents.files.size).toBe(4);
  });

  it('answers a retried submit with the first code: same Idempotency-Key, or the same details typed differently', async () => {
    const { candidates, documents, queued, submit } = setup();
    const first = await submit({ idempotencyKey: 'k-1' });
    const sameKey = await submit({ idempotencyKey: 'k-1', fields: fields('Someone Else') });
    const sameDetails = await submit({ idempotencyKey: 'k-2', fields: fields('  AARAV   patil ') });

    expect(sameKey).toEqual({ candidate: first.candidate, replayed: true });
    expect(sameDetails.candidate.candidateCode).toBe(first.candidate.candidateCode);
    expect(sameDetails.replayed).toBe(true);
    expect(candidates.rows).toHaveLength(1);
    expect(documents.files.size).toBe(2);
    expect(queued).toHaveLength(1);
  });

  it('refuses a submit after the deadline with the message built from the edition settings', async () => {
    const { candidates, submit } = setup({
      now: '2026-01-01T00:00:00+05:30',
      edition: { ...DEFAULT_EDITION, registrationDeadline: '2025-12-31T23:59:59.999+05:30' },
    });
    await expect(submit()).rejects.toMatchObject({
      status: 400,
      response: { message: 'Registration deadline (31st December 2025) has passed' },
    });
    expect(candidates.rows).toHaveLength(0);
  });

  it('accepts a submit at the last millisecond of the deadline day', async () => {
    const { submit } = setup({ now: '2025-10-30T23:59:59.999+05:30' });
    await expect(submit()).resolves.toMatchObject({ replayed: false });
  });

  it('refuses missing documents and non-images before touching storage', async () => {
    const { documents, submit } = setup();
    await expect(submit({ signature: undefined })).rejects.toMatchObject({
      response: { errors: [{ field: 'signature', message: 'Both photo and signature documents are required' }] },
    });
    await expect(submit({ photo: { bytes: Buffer.from('%PDF-1.7') } })).rejects.toMatchObject({
      response: { errors: [{ field: 'photo', message: 'Photo must be a JPEG, PNG, WebP or GIF image' }] },
    });
    expect(documents.files.size).toBe(0);
  });

  it('refuses an unknown or inactive mentor code', async () => {
    await expect(setup({ mentor: null }).submit()).rejects.toMatchObject({ status: 422, response: { message: 'Mentor Code not found' } });
    await expect(setup({ mentor: { ...activeMentor, isActive: false } }).submit()).rejects.toMatchObject({
      status: 422,
      response: { message: 'Mentor Code is not active' },
    });
  });

  it('leaves no file behind when the insert fails, and no candidate when the upload fails', async () => {
    const insertFails = setup();
    insertFails.candidates.failInsert = new Error('database unavailable');
    await expect(insertFails.submit()).rejects.toThrow('database unavailable');
    expect(insertFails.documents.files.size).toBe(0);

    const uploadFails = setup();
    uploadFails.documents.failSave = true;
    await expect(uploadFails.submit()).rejects.toMatchObject({ status: 503 });
    expect(uploadFails.candidates.rows).toHaveLength(0);
    expect(uploadFails.queued).toHaveLength(0);
  });
});
