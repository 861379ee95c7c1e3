import type { SchoolRegistration } from '@kbe/contracts';
import type { IdempotencyStore } from '../../common/idempotency.store';
import { IdempotentRegistration } from '../../common/idempotent-registration';
import type { PendingRegistrationEvent, RegistrationEventPublisher } from '../../common/registration-event.publisher';
import type { NewSchool, SchoolInsertOutcome, SchoolRecord, SchoolRepository } from '../school.repository';
import { RegisterSchoolUseCase } from './register-school.usecase';

const input = {
  schoolName: 'Nashik Model School',
  udiseCode: '27201234567',
  contact: '9876543210',
  schoolType: 'Secondary',
  address: { area: 'a', locality: 'l', street: 's', village: 'v', town: 't', city: 'Nashik', state: 'MH', pin: '422013' },
  principal: { name: 'S. Kulkarni', contact: '9123456780' },
} as SchoolRegistration;

function setup(codes: string[]) {
  const rows: NewSchool[] = [];
  const repository = {
    name: 'schools',
    insert: async (school: NewSchool): Promise<SchoolInsertOutcome> => {
      if (rows.some((row) => row.udiseCode === school.udiseCode)) return { duplicate: 'udiseCode' };
      if (rows.some((row) => row.schoolCode === school.schoolCode)) return { duplicate: 'code' };
      rows.push(school);
      return { inserted: true };
    },
    findByCode: async (code: string): Promise<SchoolRecord | null> => {
      const row = rows.find((stored) => stored.schoolCode === code);
      if (!row) return null;
      const record: Partial<NewSchool> = { ...row };
      delete record.eventId;
      return record as SchoolRecord;
    },
    existsByUdise: async (udise: string) => rows.some((row) => row.udiseCode === udise.trim()),
  };
  const keys = new Map<string, string>();
  const idempotency: IdempotencyStore = {
    find: async (_kind, key) => keys.get(key) ?? null,
    remember: async (_kind, key, code) => (keys.set(key, keys.get(key) ?? code), keys.get(key) ?? code),
  };
  const queued: PendingRegistrationEvent[] = [];
  const queue = [...codes];
  const events = { queue: async (events: readonly PendingRegistrationEvent[]) => void queued.push(...events) };
  const useCase = new RegisterSchoolUseCase(
    repository as unknown as SchoolRepository,
    { now: () => new Date('2025-09-01T00:00:00Z') },
    { school: () => queue.shift() ?? 'SCH-ZZZZZZ', mentor: () => '', candidate: () => '' },
    new IdempotentRegistration(idempotency, events as unknown as RegistrationEventPublisher),
  );
  return { useCase, rows, queued };
}

describe('RegisterSchoolUseCase', () => {
  it('tries another code after a collision', async () => {
    const { useCase, rows } = setup(['SCH-AAAAAA', 'SCH-AAAAAA', 'SCH-BBBBBB']);
    await useCase.execute(input);
    const second = await useCase.execute({ ...input, udiseCode: '27209999999' });
    expect(second.school.schoolCode).toBe('SCH-BBBBBB');
    expect(rows.map((row) => row.schoolCode)).toEqual(['SCH-AAAAAA', 'SCH-BBBBBB']);
  });

  it('gives up with an error (not a duplicate school) when every code collides', async () => {
    const { useCase } = setup(['SCH-AAAAAA', ...Array(10).fill('SCH-AAAAAA')]);
    await useCase.execute(input);
    await expect(useCase.execute({ ...input, udiseCode: '27209999999' })).rejects.toThrow('No free registration code after 5 attempts');
  });

  it('answers a retry with the same Idempotency-Key with the first code, and another submit of the UDISE with 409', async () => {
    const { useCase, queued } = setup(['SCH-AAAAAA', 'SCH-BBBBBB']);
    const first = await useCase.execute(input, 'key-1');
    await expect(useCase.execute(input, 'key-1')).resolves.toEqual({ school: first.school, replayed: true });
    await expect(useCase.execute(input, 'key-2')).rejects.toMatchObject({
      status: 409,
      message: 'A school with this UDISE code is already registered',
    });
    expect(queued.map((event) => event.payload)).toEqual([
      { schoolCode: 'SCH-AAAAAA', schoolName: 'Nashik Model School', city: 'Nashik', contact: '9876543210' },
    ]);
  });
});
