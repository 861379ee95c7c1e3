import { BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import { DEFAULT_EDITION, PORTAL_IMPORT_COLUMNS, PORTAL_IMPORT_MESSAGES, type PortalImportColumn } from '@kbe/contracts';
import { UnreadableImageError, type ImageNormalizer } from '../../candidates/image-normalizer';
import type { CandidateSubmissionInput, RegisterCandidateUseCase } from '../../candidates/usecases/register-candidate.usecase';
import type { MentorRecord, MentorRepository } from '../../mentors/mentor.repository';
import { IMPORT_TEMPLATE_EXAMPLE } from '../import-template';
import { csvLine } from '@kbe/server-csv';
import type { PortalImportFiles, PortalImportUpload } from './portal-import.files';
import { PortalImportRunner } from './portal-import.runner';
import type { PortalImportProgress, PortalImportRecord, PortalImportStore } from './portal-import.store';
import { zipOf } from './testing/zip-writer';

const MENTOR = IMPORT_TEMPLATE_EXAMPLE.mentorCode;
const NOW = new Date('2025-10-01T10:00:00+05:30');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(996)]);

class MemoryImportStore implements PortalImportStore {
  readonly jobs = new Map<string, PortalImportRecord>();
  readonly saves: PortalImportProgress[] = [];
  async create(job: PortalImportRecord) {
    this.jobs.set(job.id, structuredClone(job));
  }
  async find(id: string) {
    return this.jobs.get(id) ?? null;
  }
  async findOwned(id: string, ownerCode: string) {
    const job = this.jobs.get(id);
    return job?.ownerCode === ownerCode ? job : null;
  }
  async listOwned() {
    return { items: [], total: 0 };
  }
  async abandoned(now: Date) {
    return [...this.jobs.values()].filter((job) => (job.status === 'queued' || job.status === 'running') && job.leaseUntil <= now).map((job) => job.id);
  }
  async claim(id: string, owner: string, until: Date, now: Date) {
    const job = this.jobs.get(id);
    if (!job || job.status === 'completed' || job.status === 'failed' || (job.leaseUntil > now && job.leaseOwner !== owner)) return null;
    Object.assign(job, { leaseOwner: owner, leaseUntil: until });
    return structuredClone(job);
  }
  async save(id: string, owner: string, until: Date, progress: PortalImportProgress) {
    const job = this.jobs.get(id);
    if (!job || job.leaseOwner !== owner) return false;
    this.saves.push(progress);
    Object.assign(job, structuredClone(progress), { leaseUntil: until });
    return true;
  }
}

class MemoryFiles implements PortalImportFiles {
  readonly uploads = new Map<string, PortalImportUpload>();
  async save(id: string, upload: PortalImportUpload) {
    this.uploads.set(id, upload);
  }
  async load(id: string) {
    const upload = this.uploads.get(id);
    if (!upload) throw new Error('no such upload');
    return upload;
  }
  async remove(id: string) {
    this.uploads.delete(id);
  }
}

const row = (name: string, overrides: Partial<Record<PortalImportColumn, string>> = {}) => ({
  ...IMPORT_TEMPLATE_EXAMPLE,
  'personalDetails.fullName': name,
  photo: `${name}.jpg`,
  signature: `${name}-sig.jpg`,
  ...overrides,
});

function setUp(register: (input: CandidateSubmissionInput) => Promise<unknown>) {
  const store = new MemoryImportStore();
  const files = new MemoryFiles();
  const images: ImageNormalizer = { toJpeg: async (bytes) => (bytes[4] === 0x99 ? Promise.reject(new UnreadableImageError('bad')) : bytes) };
  const mentors = { findBySchool: async () => [{ mentorCode: MENTOR, isActive: true } as MentorRecord] } as unknown as MentorRepository;
  const useCase = { execute: jest.fn(register) } as unknown as RegisterCandidateUseCase & { execute: jest.Mock };
  const runner = new PortalImportRunner(store, files, useCase, images, mentors, { now: () => NOW }, DEFAULT_EDITION);

  async function job(id: string, rows: Array<Record<PortalImportColumn, string>>, fields: Partial<PortalImportRecord> = {}, zipExtra: Array<{ name: string; data: Buffer }> = []) {
    const sheet = Buffer.from(csvLine(PORTAL_IMPORT_COLUMNS) + rows.map((cells) => csvLine(PORTAL_IMPORT_COLUMNS.map((column) => cells[column]))).join(''));
    const photos = zipOf([...zipExtra, ...rows.flatMap((cells) => [{ name: cells.photo, data: jpeg }, { name: cells.signature, data: jpeg }])]);
    await files.save(id, { sheet, photos });
    await store.create({
      id,
      ownerCode: 'SCH-7KQ2XM',
      role: 'school',
      schoolCode: 'SCH-7KQ2XM',
      dryRun: false,
      status: 'queued',
      fileName: 'pupils.csv',
      hasPhotos: true,
      total: rows.length,
      processed: 0,
      registered: 0,
      alreadyRegistered: 0,
      failed: 0,
      rows: [],
      createdAt: NOW,
      finishedAt: null,
      leaseOwner: runner.instance,
      leaseUntil: runner.leaseEnd(),
      error: null,
      ...fields,
    });
    return store.jobs.get(id) as PortalImportRecord;
  }
  return { store, files, runner, useCase, job };
}

describe('PortalImportRunner', () => {
  it('registers each row through the public form’s use case; a row that fails goes on record and the next goes on', async () => {
    let n = 0;
    const { store, files, runner, useCase, job } = setUp(async (input) => {
      n += 1;
      const name = (input.fields as { personalDetails: { fullName: string } }).personalDetails.fullName;
      if (name === 'Broken') throw new ServiceUnavailableException('storage down');
      if (name === 'Late') throw new BadRequestException({ statusCode: 400, message: 'Registration deadline has passed', errors: [{ field: 'registrationDeadline', message: 'Registration deadline has passed' }] });
      return { candidate: { candidateCode: `KBE10000${n}AAA` }, replayed: name === 'Again' };
    });
    await job('a', [row('Aarav'), row('Broken'), row('Late'), row('Again'), row('Bad', { 'contactDetails.phoneNumber': '1' })]);
    await runner.start('a');
    const done = store.jobs.get('a') as PortalImportRecord;
    expect(done).toMatchObject({ status: 'completed', total: 5, processed: 5, registered: 1, alreadyRegistered: 1, failed: 3, finishedAt: NOW });
    expect(done.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'registered'],
      [3, 'failed'],
      [4, 'invalid'],
      [5, 'already-registered'],
      [6, 'invalid'],
    ]);
    expect(done.rows[1]?.errors).toEqual([{ field: '', message: PORTAL_IMPORT_MESSAGES.rowFailed }]);
    expect(done.rows[2]?.errors).toEqual([{ field: 'registrationDeadline', message: 'Registration deadline has passed' }]);
    // the invalid row never reached the use case; each call carried the row's files and an import key
    expect(useCase.execute).toHaveBeenCalledTimes(4);
    expect(useCase.execute.mock.calls[0]?.[0]).toMatchObject({ photo: { bytes: jpeg }, signature: { bytes: jpeg }, idempotencyKey: expect.stringMatching(/^portal-import:[0-9a-f]{64}$/) });
    expect(files.uploads.has('a')).toBe(false);
  });

  it('a dry run registers nobody; an unreadable image is reported with the form’s message', async () => {
    const { store, runner, useCase, job } = setUp(async () => {
      throw new Error('a dry run must not register');
    });
    const unreadable = Buffer.from(jpeg);
    unreadable[4] = 0x99;
    await job('d', [row('Aarav'), row('Riya', { photo: 'riya-odd.jpg' })], { dryRun: true }, [{ name: 'riya-odd.jpg', data: unreadable }]);
    await runner.start('d');
    expect(useCase.execute).not.toHaveBeenCalled();
    expect(store.jobs.get('d')).toMatchObject({
      status: 'completed',
      registered: 1,
      failed: 1,
      rows: [
        { row: 2, status: 'valid', errors: [] },
        { row: 3, status: 'invalid', errors: [expect.objectContaining({ field: 'photo', message: 'Photo could not be read as an image' })] },
      ],
    });
  });

  it('takes over a job whose lease ran out, going on after the rows already saved; leaves a held job alone', async () => {
    const { store, runner, useCase, job } = setUp(async () => ({ candidate: { candidateCode: 'KBE100009ZZZ' }, replayed: false }));
    await job('t', [row('Aarav'), row('Riya')], {
      status: 'running',
      leaseOwner: 'dead',
      leaseUntil: new Date(Date.now() - 1),
      rows: [{ row: 2, status: 'registered', candidateCode: 'KBE100001AAA', errors: [] }],
    });
    await job('h', [row('Om')], { status: 'running', leaseOwner: 'alive', leaseUntil: new Date(Date.now() + 60_000) });
    expect(await runner.sweep()).toBe(1);
    await runner.start('t');
    expect(useCase.execute).toHaveBeenCalledTimes(1);
    expect(store.jobs.get('t')).toMatchObject({ status: 'completed', processed: 2, registered: 2, leaseOwner: runner.instance });
    expect(store.jobs.get('h')).toMatchObject({ status: 'running', leaseOwner: 'alive' });
  });

  it('marks the job failed when its uploads cannot be read, and stops when another replica took the lease', async () => {
    const { store, files, runner, job } = setUp(async () => ({ candidate: { candidateCode: 'KBE100009ZZZ' }, replayed: false }));
    await job('f', [row('Aarav')]);
    files.uploads.delete('f');
    await runner.start('f');
    expect(store.jobs.get('f')).toMatchObject({ status: 'failed', error: 'no such upload', finishedAt: NOW });
    await job('l', [row('Aarav')], { leaseOwner: 'other', leaseUntil: new Date(Date.now() + 60_000) });
    await runner.start('l');
    expect(store.jobs.get('l')).toMatchObject({ status: 'queued', leaseOwner: 'other' });
  });
});
