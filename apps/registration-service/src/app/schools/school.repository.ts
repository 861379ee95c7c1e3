import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SchoolRegistration } from '@kbe/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { duplicateKeyField } from '../common/mongo-errors';
import type { Page, PageRequest } from '../common/pagination';
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

export type InsertOutcome = { inserted: true } | { duplicate: 'code' | 'udiseCode' };

export interface SchoolListQuery {
  /** Exact school code. */
  code?: string;
  /** Prefix of the school name, any case. */
  search?: string;
}

export interface SchoolRepository extends PendingEventSource {
  insert(school: NewSchool): Promise<InsertOutcome>;
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

  async insert(school: NewSchool): Promise<InsertOutcome> {
    try {
      await this.model.create({
        ...school,
        udiseCode: normaliseUdise(school.udiseCode),
        nameSearch: normaliseText(school.schoolName),
        eventQueued: false,
      });
      return { inserted: true };
    } catch (error) {
      const field = duplicateKeyField(error);
      if (field === 'udiseCode') return { duplicate: 'udiseCode' };
      if (field === 'schoolCode') return { duplicate: 'code' };
      throw error;
    }
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
    const [docs, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ nameSearch: 1, schoolCode: 1 })
        .skip((page.page - 1) * page.limit)
        .limit(page.limit)
        .lean()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toRecord), total };
  }

  count(): Promise<number> {
    return this.model.countDocuments({}).exec();
  }

  async findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]> {
    const docs = await this.model
      .find({ eventQueued: false, createdAt: { $lt: before } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean()
      .exec();
    return docs.map((doc) => schoolRegisteredEvent(doc.eventId, toRecord(doc)));
  }

  async markEventQueued(schoolCode: string): Promise<void> {
    await this.model.updateOne({ schoolCode }, { $set: { eventQueued: true } }).exec();
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
