import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { SchoolRegistration } from '@kbe/contracts';
import { CLOCK, type Clock } from '../../common/clock';
import { CODE_GENERATORS, type CodeGenerators } from '../../common/code-generators';
import { IdempotentRegistration, type RegistrationOutcome } from '../../common/idempotent-registration';
import { issueUniqueCode, type CodeAttempt } from '../../common/unique-code.issuer';
import { SCHOOL_REPOSITORY, schoolRegisteredEvent, type SchoolRecord, type SchoolRepository } from '../school.repository';

export const UDISE_ALREADY_REGISTERED = 'A school with this UDISE code is already registered';

export interface RegisterSchoolResult {
  school: SchoolRecord;
  /** True when an earlier submit with the same Idempotency-Key is answered again. */
  replayed: boolean;
}

/**
 * Registers a school under a new server-issued code. A retried submit (same Idempotency-Key)
 * gets the first code back. A different submit for an already registered UDISE code is refused
 * with 409 and does not reveal that school's code (anyone could type a UDISE code; an admin can
 * look the school up in the full list).
 */
@Injectable()
export class RegisterSchoolUseCase {
  constructor(
    @Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CODE_GENERATORS) private readonly codes: CodeGenerators,
    private readonly idempotent: IdempotentRegistration,
  ) {}

  async execute(input: SchoolRegistration, idempotencyKey?: string): Promise<RegisterSchoolResult> {
    const { record, replayed } = await this.idempotent.run({
      kind: 'school',
      key: idempotencyKey,
      records: this.schools,
      codeOf: (school) => school.schoolCode,
      register: () => this.register(input),
    });
    return { school: record, replayed };
  }

  private async register(input: SchoolRegistration): Promise<RegistrationOutcome<SchoolRecord>> {
    if (await this.schools.existsByUdise(input.udiseCode)) throw new ConflictException(UDISE_ALREADY_REGISTERED);
    const eventId = randomUUID();
    const school = await issueUniqueCode(() => this.codes.school(), async (schoolCode): Promise<CodeAttempt<SchoolRecord>> => {
      const record: SchoolRecord = { ...input, schoolCode, createdAt: this.clock.now() };
      const outcome = await this.schools.insert({ ...record, eventId });
      if ('inserted' in outcome) return { stored: record };
      if (outcome.duplicate === 'udiseCode') throw new ConflictException(UDISE_ALREADY_REGISTERED);
      return { collision: true };
    });
    return { record: school, event: schoolRegisteredEvent(eventId, school) };
  }
}
