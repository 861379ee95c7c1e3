import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { MentorRegistration } from '@kbe/contracts';
import { CLOCK, type Clock } from '../../common/clock';
import { CODE_GENERATORS, type CodeGenerators } from '../../common/code-generators';
import { fingerprintOf } from '../../common/fingerprint.util';
import { IdempotentRegistration, type RegistrationOutcome } from '../../common/idempotent-registration';
import { issueUniqueCode } from '../../common/unique-code.issuer';
import { UnknownReferenceException } from '../../common/unknown-reference.exception';
import { SCHOOL_REPOSITORY, type SchoolRepository } from '../../schools/school.repository';
import { MENTOR_REPOSITORY, mentorRegisteredEvent, type MentorRecord, type MentorRepository } from '../mentor.repository';

export const SCHOOL_CODE_NOT_FOUND = 'School Code not found';

export interface RegisterMentorResult {
  mentor: MentorRecord;
  replayed: boolean;
}

/** The city part of a free-text address ('12 College Road, Nashik' -> 'Nashik'), else the fallback. */
export function cityOf(address: string, fallback: string): string {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim().replace(/[\s-]*\d{6}$/, '').trim())
    .filter((part) => part && !/^\d+$/.test(part));
  return parts.length > 1 ? (parts[parts.length - 1] ?? fallback) : fallback;
}

/**
 * Registers a mentor of an existing school under a new MEN-XXXXXX code. A retried submit (same
 * Idempotency-Key, or the same school, name and contact again) gets the first code back.
 */
@Injectable()
export class RegisterMentorUseCase {
  constructor(
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    @Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CODE_GENERATORS) private readonly codes: CodeGenerators,
    private readonly idempotent: IdempotentRegistration,
  ) {}

  async execute(input: MentorRegistration, idempotencyKey?: string): Promise<RegisterMentorResult> {
    const { record, replayed } = await this.idempotent.run({
      kind: 'mentor',
      key: idempotencyKey,
      records: this.mentors,
      codeOf: (mentor) => mentor.mentorCode,
      register: () => this.register(input),
    });
    return { mentor: record, replayed };
  }

  private async register(input: MentorRegistration): Promise<RegistrationOutcome<MentorRecord>> {
    const school = await this.schools.findByCode(input.schoolCode);
    if (!school) throw new UnknownReferenceException('schoolCode', SCHOOL_CODE_NOT_FOUND);

    const fingerprint = fingerprintOf([input.schoolCode, input.name, input.contact]);
    const same = await this.mentors.findByFingerprint(fingerprint);
    if (same) return { record: same, existing: true };

    const eventId = randomUUID();
    const outcome = await issueUniqueCode(
      () => this.codes.mentor(),
      async (mentorCode): Promise<{ stored: MentorRecord | 'duplicate' } | { collision: true }> => {
        const { email, ...fields } = input;
        const record: MentorRecord = {
          ...fields,
          ...(email ? { email } : {}),
          mentorCode,
          location: cityOf(input.address, school.address.city),
          isActive: true,
          createdAt: this.clock.now(),
        };
        const inserted = await this.mentors.insert({ ...record, fingerprint, eventId });
        if ('inserted' in inserted) return { stored: record };
        return inserted.duplicate === 'fingerprint' ? { stored: 'duplicate' } : { collision: true };
      },
    );
    if (outcome === 'duplicate') {
      // A concurrent submit of the same details won the race: answer with its code.
      const first = await this.mentors.findByFingerprint(fingerprint);
      if (first) return { record: first, existing: true };
      throw new Error('Mentor duplicate reported but not found');
    }
    return { record: outcome, event: mentorRegisteredEvent(eventId, outcome) };
  }
}
