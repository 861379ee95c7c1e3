import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BatchedInsert, insertUnlessDuplicate, type InsertOutcome } from '@kbe/server-database';
import type { SchoolRegistration } from '@kbe/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { moveRecordsToCodeIds } from '../common/code-id.migration';
import { findPage, type Page, type PageRequest } from '../common/pagination';
import { findRecordsWithPendingEvent, RecordEventMarks } from '../common/pending-event.queries';
import type { PendingEventSource, PendingRegistrationEvent } from '../common/registration-event.publisher';
import { normaliseText, prefixPattern } from '../common/text-search.util';
import { SchoolDocument } from './school.schema';

export interface SchoolRecord extends SchoolRegistration {
  schoolCode: string;
  createdAt: Date;
}

export interface NewSchool extends SchoolRecord {
  eventId: string;
}

export type SchoolInsertOutcome = InsertOutcome<'code' | 'udiseCode'>;

export interface SchoolListQuery {
  /** Exact school code. */
  code?: string;
  /** Prefix of the school name, any case. */
  search?: string;
}

export interface SchoolRepository extends PendingEventSource {
  insert(school: NewSchool): Promise<SchoolInsertOutcome>;
  findByCode(schoolCode: string): Promise<SchoolRecord | null>;
  list(query: SchoolListQuery, page: PageRequest): Promise<Page<SchoolRecord>>;
  count(): Promise<number>;
}

export const SCHOOL_REPOSITORY = Symbol('SCHOOL_REPOSITORY');

/** The stored, comparable form of a UDISE code. */
export const normaliseUdise = (udise: string): string => udise.trim().toUpperCase();

/** Schools are stored under their code as `_id`: every lookup by code is a primary-key lookup. */
@Injectable()
export class MongoSchoolRepository implements SchoolRepository, OnModuleInit {
  readonly name = 'schools';
  private readonly logger = new Logger(MongoSchoolRepository.name);

  private readonly inserts: BatchedInsert<SchoolDocument>;
  private readonly eventMarks: RecordEventMarks<SchoolDocument>;

  constructor(@InjectModel(SchoolDocument.name) private readonly model: Model<SchoolDocument>) {
    this.inserts = new BatchedInsert(model);
    this.eventMarks = new RecordEventMarks(model);
  }

  /** Schools stored before codes became `_id` are moved at start (docs/adr/0005). */
  async onModuleInit(): Promise<void> {
    await moveRecordsToCodeIds(this.model.collection, { codeField: 'schoolCode', uniqueFields: ['udiseCode'] }, this.logger);
  }

  /** One insert: the unique `_id` refuses a colliding code, the unique UDISE index a second registration. */
  insert(school: NewSchool): Promise<SchoolInsertOutcome> {
    return insertUnlessDuplicate(
      () =>
        this.inserts.insert({
          ...school,
          _id: school.schoolCode,
          udiseCode: normaliseUdise(school.udiseCode),
          nameSearch: normaliseText(school.schoolName),
          eventQueued: false,
        }),
      { udiseCode: 'udiseCode', _id: 'code', schoolCode: 'code' },
      // FerretDB does not say which index refused: a taken `_id` is a code collision, else the udiseCode.
      async () => ((await this.model.exists({ _id: school.schoolCode })) ? 'code' : 'udiseCode'),
    );
  }

  async findByCode(schoolCode: string): Promise<SchoolRecord | null> {
    const doc = await this.model.findOne({ _id: schoolCode }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async list(query: SchoolListQuery, page: PageRequest): Promise<Page<SchoolRecord>> {
    const filter: QueryFilter<SchoolDocument> = {};
    if (query.code) filter._id = query.code;
    if (query.search) filter.nameSearch = prefixPattern(normaliseText(query.search));
    return findPage(this.model, filter, { nameSearch: 1, schoolCode: 1 }, page, toRecord);
  }

  count(): Promise<number> {
    return this.model.countDocuments({}).exec();
  }

  async findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]> {
    const docs = await findRecordsWithPendingEvent(this.model, before, limit);
    return docs.map((doc) => schoolRegisteredEvent(doc.eventId, toRecord(doc)));
  }

  markEventsQueued(codes: readonly string[]): Promise<void> {
    return this.eventMarks.markQueued(codes);
  }
}

/** The `school.registered` event of a stored school. */
export function schoolRegisteredEvent(eventId: string, school: SchoolRecord): PendingRegistrationEvent<'school.registered'> {
  return {
    id: eventId,
    topic: 'school.registered',
    key: school.schoolCode,
    payload: {
      schoolCode: school.schoolCode,
      schoolName: school.schoolName,
      city: school.address.city,
      contact: school.contact,
    },
  };
}

function toRecord(doc: SchoolDocument): SchoolRecord {
  return {
    schoolCode: doc.schoolCode,
    schoolName: doc.schoolName,
    udiseCode: doc.udiseCode,
    contact: doc.contact,
    schoolType: doc.schoolType as SchoolRecord['schoolType'],
    address: doc.address,
    principal: doc.principal,
    createdAt: doc.createdAt,
  };
}
