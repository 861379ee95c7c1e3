import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { INTERNAL_TOKEN_HEADER } from './internal-api.guard';

export interface InternalHttpClientOptions {
  /** The called service's base URL, e.g. http://registration-service:3101. */
  baseUrl: string;
  internalToken: string;
  /** Per call; 10 s when absent. */
  timeoutMs?: number;
}

/** A call to another service's `/internal/...` API that did not give a valid answer. */
export class InternalCallError extends Error {
  /** The body of an error answer as the service sent it (a caller may relay it); null otherwise. */
  readonly body: string | null;

  constructor(
    message: string,
    /** The HTTP status, when the service answered. */
    readonly status: number | null,
    options?: { cause?: unknown; body?: string },
  ) {
    super(message, options);
    this.name = 'InternalCallError';
    this.body = options?.body ?? null;
  }
}

/** A request body passed through as it arrives (a multipart upload), never buffered. */
export interface StreamedBody {
  stream: Readable;
  contentType: string;
}

/**
 * Service-to-service calls (`x-internal-token`): the path and the reply's schema come from the
 * contract in @kbe/contracts, and the reply is validated here, at the boundary, so a caller holds
 * typed data or an InternalCallError naming what went wrong.
 */
export class InternalHttpClient {
  constructor(private readonly options: InternalHttpClientOptions) {}

  get<S extends z.ZodType>(path: string, reply: S): Promise<z.output<S>> {
    return this.call('GET', path, undefined, reply);
  }

  put<S extends z.ZodType>(path: string, body: unknown, reply: S): Promise<z.output<S>> {
    return this.call('PUT', path, body, reply);
  }

  post<S extends z.ZodType>(path: string, body: unknown, reply: S): Promise<z.output<S>> {
    return this.call('POST', path, body, reply);
  }

  patch<S extends z.ZodType>(path: string, body: unknown, reply: S): Promise<z.output<S>> {
    return this.call('PATCH', path, body, reply);
  }

  delete<S extends z.ZodType>(path: string, reply: S): Promise<z.output<S>> {
    return this.call('DELETE', path, undefined, reply);
  }

  /** A POST whose body is streamed through as it arrives (the other service applies its own limits). */
  upload<S extends z.ZodType>(path: string, body: StreamedBody, reply: S): Promise<z.output<S>> {
    return this.call('POST', path, body, reply);
  }

  /** A call the other service answers 204 No Content (it has nothing to reply); any other answer is an InternalCallError. */
  async postNoContent(path: string, body: unknown): Promise<void> {
    const what = `POST ${path.split('?')[0]}`;
    const response = await this.send('POST', path, body, 'application/json');
    const text = await response.text();
    if (response.status !== 204) throw new InternalCallError(`${what} answered ${response.status} where 204 was expected${text ? `: ${text.slice(0, 300)}` : ''}`, response.status);
  }

  /**
   * A file the other service serves (a PDF), streamed as it arrives; the timeout covers the whole
   * transfer. A GET, or a POST of `body` (JSON) when one is given (a PDF made of what is sent).
   */
  async file(path: string, body?: unknown): Promise<{ stream: Readable; contentType: string; length: number | null }> {
    const method = body === undefined ? 'GET' : 'POST';
    const what = `${method} ${path.split('?')[0]}`;
    const response = await this.send(method, path, body, '*/*');
    if (!response.ok || !response.body) {
      const text = await response.text();
      throw new InternalCallError(`${what} answered ${response.status}: ${text.slice(0, 300)}`, response.status, { body: text });
    }
    const length = Number(response.headers.get('content-length'));
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      length: Number.isFinite(length) && length > 0 ? length : null,
    };
  }

  private async send(method: string, path: string, body: unknown, accept: string): Promise<Response> {
    const streamed = typeof body === 'object' && body !== null && 'stream' in body && body.stream instanceof Readable ? (body as StreamedBody) : null;
    try {
      return await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          [INTERNAL_TOKEN_HEADER]: this.options.internalToken,
          accept,
          ...(streamed ? { 'content-type': streamed.contentType } : body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: streamed ? (Readable.toWeb(streamed.stream) as unknown as BodyInit) : body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        // a streamed body goes out as it is read (Node's fetch requires saying so)
        ...(streamed ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      const what = `${method} ${path.split('?')[0]}`;
      const timeoutMs = this.options.timeoutMs ?? 10_000;
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new InternalCallError(`${what}: ${this.options.baseUrl} did not answer within ${timeoutMs} ms`, null, { cause: error });
      throw new InternalCallError(`${what}: ${this.options.baseUrl} is not reachable`, null, { cause: error });
    }
  }

  private async call<S extends z.ZodType>(method: string, path: string, body: unknown, reply: S): Promise<z.output<S>> {
    const what = `${method} ${path.split('?')[0]}`;
    const response = await this.send(method, path, body, 'application/json');
    const text = await response.text();
    if (!response.ok) throw new InternalCallError(`${what} answered ${response.status}: ${text.slice(0, 300)}`, response.status, { body: text });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new InternalCallError(`${what} answered ${response.status} with a body that is not JSON`, response.status, { cause: error });
    }
    const result = reply.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new InternalCallError(`${what} answered a reply the contract refuses: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`, response.status);
    }
    return result.data;
  }
}
