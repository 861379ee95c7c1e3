import type { Pagination } from '@kbe/contracts';

/** One page of a list: 1-based `page`, `limit` items per page. */
export interface PageRequest {
  page: number;
  limit: number;
}

export function pageRequest(query: { page?: number | undefined; limit?: number | undefined }, defaultLimit = 20): PageRequest {
  return { page: query.page ?? 1, limit: query.limit ?? defaultLimit };
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** The `pagination` of every admin list (as registration-service and admin-service answer it). */
export function paginationOf(request: PageRequest, total: number): Pagination {
  return { current: request.page, pages: Math.max(1, Math.ceil(total / request.limit)), total };
}
