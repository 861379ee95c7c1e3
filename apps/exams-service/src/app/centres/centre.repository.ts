import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Centre } from '@kbe/contracts';
import { isDuplicateKeyError } from '@kbe/server-database';
import type { Model, QueryFilter } from 'mongoose';
import type { Page, PageRequest } from '../pagination';
import { centreFields, type CentreRecord } from './centre.record';
import { CentreDocument, CounterDocument } from './centre.schema';

export interface CentreListQuery {
  /** Prefix of the code, name, district or taluka, any case. */
  search?: string | undefined;
  /** The district, any case. */
  district?: string | undefined;
}

export interface CentreRepository {
  findByCode(code: string): Promise<CentreRecord | null>;
  findByCodes(codes: readonly string[]): Promise<CentreRecord[]>;
  list(query: CentreListQuery, page: PageRequest): Promise<Page<CentreRecord>>;
  /** Every centre of the edition, by number (at most 999: the seat allocation reads them all). */
  ofEdition(edition: number): Promise<CentreRecord[]>;
  /** The edition's next centre number (the counter moves on even if the insert then fails: never reused). */
  nextNumber(edition: number): Promise<number>;
  /** The stored centre; null when a centre already has the code. */
  insert(centre: Centre, edition: number, number: number): Promise<CentreRecord | null>;
  /** Replaces the centre's fields (its number and createdAt kept); null when no centre has the code. */
  replace(centre: Centre): Promise<CentreRecord | null>;
  /** False when no centre has the code. */
  delete(code: string): Promise<boolean>;
}

export const CENTRE_REPOSITORY = Symbol('CENTRE_REPOSITORY');

@Injectable()
export class MongoCentreRepository implements CentreRepository {
  constructor(
    @InjectModel(CentreDocument.name) private readonly model: Model<CentreDocument>,
    @InjectModel(CounterDocument.name) private readonly counters: Model<CounterDocument>,
  ) {}

  async findByCode(code: string): Promise<CentreRecord | null> {
    const doc = await this.model.findOne({ code }).lean<CentreDocument>().exec();
    return doc ? toRecord(doc) : null;
  }

  async findByCodes(codes: readonly string[]): Promise<CentreRecord[]> {
    if (codes.length === 0) return [];
    const docs = await this.model.find({ code: { $in: [...codes] } }).lean<CentreDocument[]>().exec();
    return docs.map(toRecord);
  }

  async list(query: CentreListQuery, page: PageRequest): Promise<Page<CentreRecord>> {
    const filter: QueryFilter<CentreDocument> = {};
    if (query.district) filter.districtKey = searchKey(query.district);
    if (query.search) {
      const key = searchKey(query.search);
      filter.$or = [
        { code: prefixPattern(query.search.trim().toUpperCase()) },
        { nameKey: prefixPattern(key) },
        { districtKey: prefixPattern(key) },
        { talukaKey: prefixPattern(key) },
      ];
    }
    const [docs, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ code: 1 })
        .skip((page.page - 1) * page.limit)
        .limit(page.limit)
        .lean<CentreDocument[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toRecord), total };
  }

  async ofEdition(edition: number): Promise<CentreRecord[]> {
    const docs = await this.model.find({ edition }).sort({ number: 1 }).lean<CentreDocument[]>().exec();
    return docs.map(toRecord);
  }

  async nextNumber(edition: number): Promise<number> {
    const counter = await this.counters
      .findOneAndUpdate({ _id: `centre-number:${edition}` }, { $inc: { value: 1 } }, { upsert: true, new: true })
      .lean<CounterDocument>()
      .exec();
    return counter.value;
  }

  async insert(centre: Centre, edition: number, number: number): Promise<CentreRecord | null> {
    try {
      const doc = await this.model.create({ ...stored(centre), edition, number });
      return toRecord(doc.toObject());
    } catch (error) {
      // The code index is the one a caller can hit (the number is the counter's, issued once).
      if (isDuplicateKeyError(error) && (await this.model.exists({ code: centre.code }))) return null;
      throw error;
    }
  }

  async replace(centre: Centre): Promise<CentreRecord | null> {
    const doc = await this.model
      .findOneAndUpdate({ code: centre.code }, { $set: stored(centre) }, { new: true })
      .lean<CentreDocument>()
      .exec();
    return doc ? toRecord(doc) : null;
  }

  async delete(code: string): Promise<boolean> {
    const result = await this.model.deleteOne({ code }).exec();
    return result.deletedCount > 0;
  }
}

/** Lower case, trimmed, inner whitespace collapsed: the stored form of the searchable fields. */
export const searchKey = (value: string): string => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** `^<escaped>`: an anchored prefix match that an index on the field serves. */
const prefixPattern = (value: string): RegExp => new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

function stored(centre: Centre) {
  return {
    ...centreFields(centre),
    nameKey: searchKey(centre.name),
    districtKey: searchKey(centre.district),
    talukaKey: searchKey(centre.taluka),
  };
}

function toRecord(doc: CentreDocument): CentreRecord {
  return { ...centreFields(doc), number: doc.number, createdAt: doc.createdAt, updatedAt: doc.updatedAt };
}
