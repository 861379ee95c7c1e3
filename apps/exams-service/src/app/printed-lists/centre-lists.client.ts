import { CENTRE_LIST_PATHS, centreListsResponseSchema, type CentreListKind, type CentreLists, type CentreListsRequest } from '@kbe/contracts';
import type { InternalHttpClient } from '@kbe/server-auth';
import type { Readable } from 'node:stream';

/** documents-service's printed lists, seen from exams-service. */
export interface CentreListsClient {
  /** The job of this key: the existing one, or queued now. */
  request(request: CentreListsRequest): Promise<CentreLists>;
  /** One completed list's PDF. */
  file(key: string, kind: CentreListKind): Promise<{ stream: Readable; length: number | null }>;
}
export const CENTRE_LISTS_CLIENT = Symbol('CENTRE_LISTS_CLIENT');

export class HttpCentreListsClient implements CentreListsClient {
  constructor(private readonly documents: InternalHttpClient) {}

  async request(request: CentreListsRequest): Promise<CentreLists> {
    return (await this.documents.post(CENTRE_LIST_PATHS.lists, request, centreListsResponseSchema)).data;
  }

  file(key: string, kind: CentreListKind): Promise<{ stream: Readable; length: number | null }> {
    return this.documents.file(CENTRE_LIST_PATHS.file(key, kind));
  }
}
