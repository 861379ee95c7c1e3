import { Body, ConflictException, Controller, Get, Header, HttpCode, Inject, NotFoundException, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { documentBundleKeySchema, documentBundleRequestSchema, type DocumentBundleRequest } from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { FILE_STORAGE, FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';
import { PDF_BUCKET } from '../documents/pdf-cache';
import { BundleBuilder, bundleFileKey } from './bundle-builder';
import { documentBundleOf, DocumentBundleStore } from './document-bundle.store';

export const BUNDLE_NOT_FOUND = 'No bundle with this key';
export const BUNDLE_NOT_READY = 'The bundle is not completed yet';

const keyParam = new ZodValidationPipe(documentBundleKeySchema);

/**
 * Bundles of hall tickets (`x-internal-token`, never routed by the edge; left out of the OpenAPI
 * document as every internal API): registration-service's portal asks for a class's hall tickets
 * in order under its key, follows the build, and streams the PDF (DOCUMENT_BUNDLE_PATHS).
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/documents/bundles')
export class DocumentBundlesController {
  constructor(
    private readonly builder: BundleBuilder,
    private readonly store: DocumentBundleStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Post()
  @HttpCode(202)
  async request(@Body(new ZodValidationPipe(documentBundleRequestSchema)) body: DocumentBundleRequest) {
    return { success: true, data: documentBundleOf(await this.builder.request(body)) };
  }

  @Get(':key')
  @Header('Cache-Control', 'no-store')
  async status(@Param('key', keyParam) key: string) {
    const record = await this.store.find(key);
    if (!record) throw new NotFoundException(BUNDLE_NOT_FOUND);
    return { success: true, data: documentBundleOf(record) };
  }

  @Get(':key/file')
  async file(@Param('key', keyParam) key: string): Promise<StreamableFile> {
    const record = await this.store.find(key);
    if (!record) throw new NotFoundException(BUNDLE_NOT_FOUND);
    if (record.status !== 'completed') throw new ConflictException(BUNDLE_NOT_READY);
    let stream: Readable;
    try {
      stream = await this.storage.get(PDF_BUCKET, bundleFileKey(key));
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      // The file went (a bucket emptied by hand): built again, asked for again later.
      await this.store.requeue(key);
      this.builder.poke();
      throw new ConflictException(BUNDLE_NOT_READY);
    }
    return new StreamableFile(stream, { type: 'application/pdf', length: record.size ?? undefined, disposition: 'attachment; filename="hall-tickets.pdf"' });
  }
}
