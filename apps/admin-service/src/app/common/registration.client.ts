import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export type Query = Record<string, string | number | boolean | undefined>;

export const REGISTRATION_UNREACHABLE = 'The registration service is not reachable. Please try again.';

/**
 * HTTP client of registration-service's internal API (`/internal/...`, `x-internal-token`).
 * admin-service never reads registration's collections; everything goes through here. An error
 * answer is re-thrown with its status and body, so the admin sees the owner's precise message.
 */
export class RegistrationClient {
  constructor(
    private readonly baseUrl: string,
    private readonly internalToken: string,
    private readonly timeoutMs = 120_000,
  ) {}

  get<T>(path: string, query?: Query): Promise<T> {
    return this.send<T>('GET', path, { query });
  }

  send<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    return this.call(method, path, options).then(async (response) => (await response.json()) as T);
  }

  /** A binary answer (images), streamed. */
  async stream(path: string): Promise<{ body: Readable; contentType: string }> {
    const response = await this.call('GET', path, {});
    if (!response.body) throw new ServiceUnavailableException(REGISTRATION_UNREACHABLE);
    return {
      body: NodeReadable.fromWeb(response.body as unknown as WebReadableStream),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  /**
   * Passes a multipart upload through as it arrives (never buffered here); registration-service
   * applies its own size limits and rules.
   */
  async forwardUpload<T>(path: string, upload: { stream: Readable; contentType: string; contentLength?: string }): Promise<T> {
    const response = await this.call('POST', path, {
      raw: { body: NodeReadable.toWeb(upload.stream) as unknown as BodyInit, contentType: upload.contentType, contentLength: upload.contentLength },
    });
    return (await response.json()) as T;
  }

  private async call(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown; raw?: { body: BodyInit; contentType: string; contentLength?: string } },
  ): Promise<Response> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    let response: Response;
    try {
      const headers: Record<string, string> = { 'x-internal-token': this.internalToken };
      if (options.raw) {
        headers['content-type'] = options.raw.contentType;
      } else if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
      }
      response = await fetch(url, {
        method,
        headers,
        body: options.raw ? options.raw.body : options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.timeoutMs),
        ...(options.raw ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch {
      throw new ServiceUnavailableException(REGISTRATION_UNREACHABLE);
    }
    if (response.ok) return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { statusCode: response.status, message: text || `Registration service answered ${response.status}` };
    }
    // A refused internal token is our misconfiguration, not the admin's: never pass a 401 through.
    if (response.status === 401) throw new ServiceUnavailableException(REGISTRATION_UNREACHABLE);
    throw new HttpException(body as Record<string, unknown>, response.status);
  }
}

export const REGISTRATION_CLIENT = Symbol('REGISTRATION_CLIENT');
