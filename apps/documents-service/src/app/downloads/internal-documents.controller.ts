import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { DocumentKind } from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from '../candidates/candidate-directory';
import { DocumentProvider } from '../documents/document-provider';
import { CANDIDATE_NOT_FOUND } from './download-gate';
import { candidateCodeParam, documentKindParam } from './download.requests';
import { notEarnedAsNotFound } from './document-errors';

/**
 * The exact HTML a document is rendered from (`x-internal-token`, never routed by the edge): for
 * template work and for `bench/documents.mjs`, which renders it with a bare Chromium as the limit.
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/documents')
export class InternalDocumentsController {
  constructor(
    @Inject(CANDIDATE_DIRECTORY) private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
  ) {}

  @Get(':code/:kind')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async html(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) candidateCode: string,
    @Param('kind', new ZodValidationPipe(documentKindParam)) kind: DocumentKind,
  ): Promise<string> {
    const candidate = await this.directory.find(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    return this.documents.html(kind, candidate, await notEarnedAsNotFound(() => this.documents.variant(kind, candidate).award));
  }
}
