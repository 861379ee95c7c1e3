import type { Pagination } from '@kbe/contracts';
import type { Model, QueryFilter, SortOrder } from 'mongoose';
import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

const positiveInt = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} must be a whole number between 1 and ${max}` })
      .int({ error: `${label} must be a whole number between 1 and ${max}` })
      .min(1, { error: `${label} must be a whole number between 1 and ${max}` })
      .max(max, { error: `${label} must be a whole number between 1 and ${max}` })
      .optional(),
  );

/** `?page=&limit=` of every list. */
export const pageQuery = {
  page: positiveInt('page', 100_000),
  limit: positiveInt('limit', MAX_PAGE_SIZE),
};

/** `?search=`: trimmed, at most 100 characters, blank means none. */
export const searchQuery = z
  .string({ error: 'search must be text' })
  .trim()
  .max(100, { error: 'search must be at most 100 characters' })
  // a NUL byte cannot travel in a database regular expression: refused, never a 500
  // eslint-disable-next-line no-control-regex -- the one character refused is NUL, on purpose
  .regex(/^[^\u0000]*$/, { error: 'search must not contain a NUL character' })
  .optional()
  .transform((value) => (value ? value : undefined));

export interface PageRequest {
  page: number;
  limit: number;
}

export function pageRequest(query: { page?: number; limit?: number }, defaultLimit = 20): PageRequest {
  return { page: query.page ?? 1, limit: query.limit ?? defaultLimit };
}

export interface Page<T> {
  items: T[];
  total: number;
}

export function paginationOf(request: PageRequest, total: number): Pagination {
  return { current: request.page, pages: Math.max(1, Math.ceil(total / request.limit)), total };
}

/** One page of `model`'s documents matching `filter` in `sort` order, with the total that match. */
export async function findPage<D, R>(
  model: Model<D>,
  filter: QueryFilter<D>,
  sort: Record<string, SortOrder>,
  request: PageRequest,
  toRecord: (doc: D) => R,
): Promise<Page<R>> {
  const [docs, total] = await Promise.all([
    model
      .find(filter)
      .sort(sort)
      .skip((request.page - 1) * request.limit)
      .limit(request.limit)
      .lean<D[]>()
      .exec(),
    model.countDocuments(filter).exec(),
  ]);
  return { items: docs.map(toRecord), total };
}
