import { BadGatewayException, HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InternalCallError, InternalHttpClient } from '@kbe/server-auth';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

export type Query = Record<string, string | number | boolean | undefined>;

export const REGISTRATION_UNREACHABLE = 'The registration service is not reachable. Please try again.';
export const REGISTRATION_UNEXPECTED = 'The registration service gave an answer admin-service does not understand. Please try again, or report it if it persists.';

/**
 * registration-service's internal API (`/internal/...`, `x-internal-token`) through
 * InternalHttpClient: the paths and reply schemas come from registration-admin.contract.ts, and
 * every reply is validated on arrival. admin-service never reads registration's collections;
 * everything goes through here. An error answer is re-thrown with its status and body, so the
 * admin sees the owner's precise message; no answer (or a refused token) is a 503.
 */
export class RegistrationClient {
  private readonly logger = new Logger(RegistrationClient.name);
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, internalToken: string, timeoutMs = 120_000) {
    this.http = new InternalHttpClient({ baseUrl, internalToken, timeoutMs });
  }

  /** `reply`: the contract's schema of the answer (registration-admin.contract.ts); the answer is checked against it. */
  get<S extends z.ZodType>(path: string, query: Query | undefined, reply: S): Promise<z.output<S>> {
    return this.relay(() => this.http.get(withQuery(path, query), reply));
  }

  send<S extends z.ZodType>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: { body?: unknown }, reply: S): Promise<z.output<S>> {
    const body = options.body;
    return this.relay(() => {
      switch (method) {
        case 'POST':
          return this.http.post(path, body, reply);
        case 'PUT':
          return this.http.put(path, body, reply);
        case 'PATCH':
          return this.http.patch(path, body, reply);
        case 'DELETE':
          return this.http.delete(path, reply);
      }
    });
  }

  /** A binary answer (images), streamed. */
  async stream(path: string): Promise<{ body: Readable; contentType: string }> {
    const file = await this.relay(() => this.http.file(path));
    return { body: file.stream, contentType: file.contentType };
  }

  /**
   * Passes a multipart upload through as it arrives (never buffered here); registration-service
   * applies its own size limits and rules.
   */
  forwardUpload<S extends z.ZodType>(path: string, upload: { stream: Readable; contentType: string; contentLength?: string }, reply: S): Promise<z.output<S>> {
    return this.relay(() => this.http.upload(path, { stream: upload.stream, contentType: upload.contentType }, reply));
  }

  private async relay<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      // No answer, or a refused internal token (our misconfiguration, not the admin's): never pass a 401 through.
      if (error.status === null || error.status === 401) throw new ServiceUnavailableException(REGISTRATION_UNREACHABLE, { cause: error });
      // An answer that is not an error but not what the contract says: a fault between the services.
      if (error.status < 400) {
        this.logger.error(error.message);
        throw new BadGatewayException(REGISTRATION_UNEXPECTED, { cause: error });
      }
      throw new HttpException(errorBody(error.status, error.body), error.status, { cause: error });
    }
  }
}

/** registration-service's error body as it sent it (a non-JSON one wrapped as `{ statusCode, message }`). */
function errorBody(status: number, text: string | null): Record<string, unknown> {
  try {
    return JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    return { statusCode: status, message: text || `Registration service answered ${status}` };
  }
}

/** `path` with the query's set values (undefined and empty ones left out). */
function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const REGISTRATION_CLIENT = Symbol('REGISTRATION_CLIENT');
