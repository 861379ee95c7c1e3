import type { Pagination } from '@kbe/contracts';
import type { Model, QueryFilter, SortOrder } from 'mongoose';

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
