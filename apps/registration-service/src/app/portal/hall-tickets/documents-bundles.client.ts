import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  DOCUMENT_BUNDLE_PATHS,
  PORTAL_HALL_TICKET_MESSAGES,
  documentBundleResponseSchema,
  type DocumentBundle,
  type DocumentBundleRequest,
} from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { errorMessage } from '@kbe/server-bootstrap';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RegistrationConfig } from '../../registration.config';

/** A bundle's PDF as documents-service streams it. */
export interface BundleFile {
  stream: Readable;
  size: number | null;
}

/** documents-service's bundles (its internal API), seen from the portal. */
export interface DocumentBundles {
  /** Asks for the bundle (documents-service answers the one it has when the key is known). */
  request(request: DocumentBundleRequest): Promise<DocumentBundle>;
  /** null when documents-service does not know the key (any more). */
  status(key: string): Promise<DocumentBundle | null>;
  /** null unless the bundle is completed. */
  file(key: string): Promise<BundleFile | null>;
}
export const DOCUMENT_BUNDLES = Symbol('DOCUMENT_BUNDLES');

const TIMEOUT_MS = 15_000;

@Injectable()
export class HttpDocumentBundles implements DocumentBundles {
  private readonly logger = new Logger(HttpDocumentBundles.name);

  constructor(@InjectConfig() private readonly config: RegistrationConfig) {}

  async request(request: DocumentBundleRequest): Promise<DocumentBundle> {
    const response = await this.call(DOCUMENT_BUNDLE_PATHS.bundles, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.status !== 202 && response.status !== 200) throw this.unexpected(response);
    return this.bundleOf(response);
  }

  async status(key: string): Promise<DocumentBundle | null> {
    const response = await this.call(DOCUMENT_BUNDLE_PATHS.bundle(key));
    if (response.status === 404) return null;
    if (!response.ok) throw this.unexpected(response);
    return this.bundleOf(response);
  }

  async file(key: string): Promise<BundleFile | null> {
    const response = await this.call(DOCUMENT_BUNDLE_PATHS.bundleFile(key), {}, false);
    if (response.status === 404 || response.status === 409) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) throw this.unexpected(response);
    const length = Number(response.headers.get('content-length'));
    return { stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), size: Number.isFinite(length) && length > 0 ? length : null };
  }

  private async bundleOf(response: Response): Promise<DocumentBundle> {
    const parsed = documentBundleResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      this.logger.warn(`documents-service answered a bundle this service cannot read: ${parsed.error.message}`);
      throw new ServiceUnavailableException(PORTAL_HALL_TICKET_MESSAGES.unavailable);
    }
    return parsed.data.data;
  }

  /** `wholeBody`: the timeout covers the answer's body too; otherwise (a file, streamed for as long as it takes) only its headers. */
  private async call(path: string, init: RequestInit = {}, wholeBody = true): Promise<Response> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    timer.unref(); // once the body is read, its firing changes nothing
    try {
      const response = await fetch(`${this.config.DOCUMENTS_SERVICE_URL}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), 'x-internal-token': this.config.INTERNAL_API_TOKEN },
        signal: abort.signal,
      });
      if (!wholeBody) clearTimeout(timer);
      return response;
    } catch (error) {
      clearTimeout(timer);
      this.logger.warn(`documents-service did not answer ${path}: ${errorMessage(error)}`);
      throw new ServiceUnavailableException(PORTAL_HALL_TICKET_MESSAGES.unavailable);
    }
  }

  private unexpected(response: Response): ServiceUnavailableException {
    this.logger.warn(`documents-service answered ${response.status} to a bundle request`);
    return new ServiceUnavailableException(PORTAL_HALL_TICKET_MESSAGES.unavailable);
  }
}
