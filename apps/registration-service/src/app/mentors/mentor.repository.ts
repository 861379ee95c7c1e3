import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BatchedInsert, insertUnlessDuplicate, type InsertOutcome } from '@kbe/server-database';
import type { MentorRegistration } from '@kbe/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { moveRecordsToCodeIds } from '../common/code-id.migration';
import { findPage, type Page, type PageRequest } from '../common/pagination';
import { findRecordsWithPendingEvent, RecordEventMarks } from '../common/pending-event.queries';
import type { PendingEventSource, PendingRegistrationEvent } from '../common/registration-event.publisher';
import { normaliseText, prefixPattern } from '../common/text-search.util';
import { MentorDocument } from './mentor.schema';

export interface MentorRecord extends Omit<MentorRegistration, 'email'> {
  mentorCode: string;
  email?: string;
  location: string;
  isActive: boolean;
  createdAt: Date;
}

export interface NewMentor extends MentorRecord {
  fingerprint: string;
  eventId: string;
}

export type MentorInsertOutcome = InsertOutcome<'code' | 'fingerprint'>;

export interface MentorListQuery {
  /** Prefix of the name (any case), of the mentor code, or of the mobile number. */
  search?: string;
  status?: 'active' | 'inactive';
  schoolCode?: string;
}

export interface MentorRepository extends PendingEventSource {
  insert(mentor: NewMentor): Promise<MentorInsertOutcome>;
  findByCode(mentorCode: string): Promise<MentorRecord | null>;
  findByFingerprint(fingerprint: string): Promise<MentorRecord | null>;
  list(query: MentorListQuery, page: PageRequest): Promise<Page<MentorRecord>>;
  /** Every mentor of a school, by name (the school portal). */
  findBySchool(schoolCode: string): Promise<MentorRecord[]>;
  count(): Promise<number>;
  setActive(mentorCode: string, isActive: boolean): Promise<MentorRecord | null>;
  /** Replaces the registration fields of a mentor (the code, status and date stay). */
  update(mentorCode: string, mentor: MentorRegistration, location: string): Promise<MentorRecord | null>;
}

export const MENTOR_REPOSITORY = Symbol('MENTOR_REPOSITORY');

/** Mentors are stored under their code as `_id`: every lookup and update by code is a primary-key lookup. */
@Injectable()
export class MongoMentorRepository implements MentorRepository, OnModuleInit {
  readonly name = 'mentors';
  private readonly logger = new Logger(MongoMentorRepository.name);

  private readonly inserts: BatchedInsert<MentorDocument>;
  private readonly eventMarks: RecordEventMarks<MentorDocument>;

  constructor(@InjectModel(MentorDocument.name) private readonly model: Model<MentorDocument>) {
    this.inserts = new BatchedInsert(model);
    this.eventMarks = new RecordEventMarks(model);
  }

  /** Mentors stored before codes became `_id` are moved at start (docs/adr/0005). */
  async onModuleInit(): Promise<void> {
    await moveRecordsToCodeIds(this.model.collection, { codeField: 'mentorCode', uniqueFields: ['fingerprint'] }, this.logger);
  }

  /** One insert: the unique `_id` refuses a colliding code, the unique fingerprint index the same mentor twice. */
  insert(mentor: NewMentor): Promise<MentorInsertOutcome> {
    return insertUnlessDuplicate(
      () =>
        this.inserts.insert({
          ...mentor,
          _id: mentor.mentorCode,
          email: mentor.email ?? null,
          nameSearch: normaliseText(mentor.name),
          eventQueued: false,
        }),
      { fingerprint: 'fingerprint', _id: 'code', mentorCode: 'code' },
      // FerretDB does not say which index refused: a taken `_id` is a code collision, else the fingerprint.
      async () => ((await this.model.exists({ _id: mentor.mentorCode })) ? 'code' : 'fingerprint'),
    );
  }

  async findByCode(mentorCode: string): Promise<MentorRecord | null> {
    const doc = await this.model.findOne({ _id: mentorCode }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  /** A scan on FerretDB: called only after the insert reported the fingerprint taken. */
  async findByFingerprint(fingerprint: string): Promise<MentorRecord | null> {
    const doc = await this.model.findOne({ fingerprint }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async list(query: MentorListQuery, page: PageRequest): Promise<Page<MentorRecord>> {
    const filter: QueryFilter<MentorDocument> = {};
    if (query.status) filter.isActive = query.status === 'active';
    if (query.schoolCode) filter.schoolCode = query.schoolCode;
    if (query.search) {
      filter.$or = [
        { nameSearch: prefixPattern(normaliseText(query.search)) },
        { mentorCode: prefixPattern(query.search.toUpperCase()) },
        { contact: prefixPattern(query.search) },
      ];
    }
    return findPage(this.model, filter, { createdAt: -1, mentorCode: 1 }, page, toRecord);
  }

  async findBySchool(schoolCode: string): Promise<MentorRecord[]> {
    const docs = await this.model.find({ schoolCode }).sort({ nameSearch: 1, _id: 1 }).lean<MentorDocument[]>().exec();
    return docs.map(toRecord);
  }

  count(): Promise<number> {
    return this.model.countDocuments({}).exec();
  }

  async update(mentorCode: string, mentor: MentorRegistration, location: string): Promise<MentorRecord | null> {
    const result = await this.model
      .updateOne(
        { _id: mentorCode },
        { $set: { ...mentor, email: mentor.email ?? null, location, nameSearch: normaliseText(mentor.name) } },
      )
      .exec();
    return result.matchedCount === 0 ? null : this.findByCode(mentorCode);
  }

  async setActive(mentorCode: string, isActive: boolean): Promise<MentorRecord | null> {
    const result = await this.model.updateOne({ _id: mentorCode }, { $set: { isActive } }).exec();
    return result.matchedCount === 0 ? null : this.findByCode(mentorCode);
  }

  async findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]> {
    const docs = await findRecordsWithPendingEvent(this.model, before, limit);
    return docs.map((doc) => mentorRegisteredEvent(doc.eventId, toRecord(doc)));
  }

  markEventsQueued(codes: readonly string[]): Promise<void> {
    return this.eventMarks.markQueued(codes);
  }
}

/** The `mentor.registered` event of a stored mentor. */
export function mentorRegisteredEvent(eventId: string, mentor: MentorRecord): PendingRegistrationEvent<'mentor.registered'> {
  return {
    id: eventId,
    topic: 'mentor.registered',
    key: mentor.mentorCode,
    payload: {
      mentorCode: mentor.mentorCode,
      schoolCode: mentor.schoolCode,
      name: mentor.name,
      contact: mentor.contact,
      ...(mentor.email ? { email: mentor.email } : {}),
    },
  };
}

function toRecord(doc: MentorDocument): MentorRecord {
  return {
    mentorCode: doc.mentorCode,
    schoolCode: doc.schoolCode,
    name: doc.name,
    ...(doc.email ? { email: doc.email } : {}),
    address: doc.address,
    location: doc.location,
    contact: doc.contact,
    subjectTeaching: doc.subjectTeaching,
    workExperience: doc.workExperience,
    activitiesParticipated: doc.activitiesParticipated,
    opinionOnISRO: doc.opinionOnISRO,
    isActive: doc.isActive,
    createdAt: doc.createdAt,
  };
}
