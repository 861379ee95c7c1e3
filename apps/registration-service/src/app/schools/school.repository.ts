import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SchoolRegistration } from '@kbe/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { insertUnlessDuplicate, type InsertOutcome } from '../common/mongo-errors';
import { findPage, type Page, type PageRequest } from '../common/pagination';
import { findRecordsWithPendingEvent, markRecordEventsQueued } from '../common/pending-event.queries';
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
  existsByUdise(udiseCode: string): Promise<boolean>;
  list(query: SchoolListQuery, page: PageRequest): Promise<Page<SchoolRecord>>;
  count(): Promise<number>;
}

export const SCHOOL_REPOSITORY = Symbol('SCHOOL_REPOSITORY');

/** The stored, comparable form of a UDISE code. */
export const normaliseUdise = (udise: string): string => udise.trim().toUpperCase();

@Injectable()
export class MongoSchoolRepository implements SchoolRepository {
  readonly name = 'schools';

  constructor(@InjectModel(SchoolDocument.name) private readonly model: Model<SchoolDocument>) {}

  insert(school: NewSchool): Promise<SchoolInsertOutcome> {
    return insertUnlessDuplicate(
      () =>
        this.model.create({
          ...school,
          udiseCode: normaliseUdise(school.udiseCode),
          nameSearch: normaliseText(school.schoolName),
          eventQueued: false,
        }),
      { udiseCode: 'udiseCode', schoolCode: 'code' },
    );
  }

  async findByCode(schoolCode: string): Promise<SchoolRecord | null> {
    const doc = await this.model.findOne({ schoolCode }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async existsByUdise(udiseCode: string): Promise<boolean> {
    return (await this.model.countDocuments({ udiseCode: normaliseUdise(udiseCode) }).exec()) > 0;
  }

  async list(query: SchoolListQuery, page: PageRequest): Promise<Page<SchoolRecord>> {
    const filter: QueryFilter<SchoolDocument> = {};
    if (query.code) filter.schoolCode = query.code;
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
    return markRecordEventsQueued(this.model, 'schoolCode', codes);
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
