import { Body, ConflictException, Controller, Get, Header, HttpCode, Inject, Logger, NotFoundException, Param, Post, StreamableFile } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { CENTRE_LIST_KINDS, centreListKeySchema, centreListsRequestSchema, EVENT_TOPICS, type CentreListKind, type CentreListsRequest } from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { FILE_STORAGE, FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { PDF_BUCKET } from '../documents/pdf-cache';
import { parseReceivedEvent } from '../received-event';
import { CentreListBuilder, centreListFileKey } from './centre-list.builder';
import { centreListsOf, CentreListStore } from './centre-list.store';

export const CENTRE_LISTS_NOT_FOUND = 'No centre lists with this key';
export const CENTRE_LISTS_NOT_READY = 'The centre lists are not completed yet';

const keyParam = new ZodValidationPipe(centreListKeySchema);
const kindParam = new ZodValidationPipe(z.enum(CENTRE_LIST_KINDS, { error: 'The list is attendance, door-list or summary' }));

/**
 * A centre's printed lists (`x-internal-token`, never routed by the edge; left out of the OpenAPI
 * document as every internal API): exams-service asks for them under their key, follows the job,
 * and streams each PDF (CENTRE_LIST_PATHS).
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/centre-lists')
export class CentreListsController {
  constructor(
    private readonly builder: CentreListBuilder,
    private readonly store: CentreListStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Post()
  @HttpCode(202)
  async request(@Body(new ZodValidationPipe(centreListsRequestSchema)) body: CentreListsRequest) {
    return { success: true, data: centreListsOf(await this.builder.request(body)) };
  }

  @Get(':key')
  @Header('Cache-Control', 'no-store')
  async status(@Param('key', keyParam) key: string) {
    const record = await this.store.find(key);
    if (!record) throw new NotFoundException(CENTRE_LISTS_NOT_FOUND);
    return { success: true, data: centreListsOf(record) };
  }

  @Get(':key/:kind')
  async file(@Param('key', keyParam) key: string, @Param('kind', kindParam) kind: CentreListKind): Promise<StreamableFile> {
    const record = await this.store.find(key);
    if (!record) throw new NotFoundException(CENTRE_LISTS_NOT_FOUND);
    if (record.status !== 'completed') throw new ConflictException(CENTRE_LISTS_NOT_READY);
    let stream: Readable;
    try {
      stream = await this.storage.get(PDF_BUCKET, centreListFileKey(key, kind));
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      // The file went (a bucket emptied by hand): made again, asked for again later.
      await this.store.requeue(key);
      this.builder.poke();
      throw new ConflictException(CENTRE_LISTS_NOT_READY);
    }
    return new StreamableFile(stream, { type: 'application/pdf', length: record.sizes?.[kind] });
  }
}

/**
 * `candidate.changed` in the consumer group (one replica per event; announced for every write to a
 * candidate, a corrected name and an erasure included): the lists printing the candidate go, so the
 * next request prints them as they are now. Idempotent; a failure is thrown so Kafka delivers again.
 */
@ApiExcludeController()
@Controller()
export class CentreListsInvalidationController {
  private readonly logger = new Logger(CentreListsInvalidationController.name);

  constructor(private readonly builder: CentreListBuilder) {}

  @EventPattern(EVENT_TOPICS.candidateChanged)
  async candidateChanged(@Payload() message: unknown): Promise<void> {
    const parsed = parseReceivedEvent(EVENT_TOPICS.candidateChanged, message);
    if (!parsed.ok) {
      this.logger.warn(`skipped a malformed ${EVENT_TOPICS.candidateChanged} event: ${parsed.error}`);
      return;
    }
    const removed = await this.builder.removeContaining(parsed.event.payload.candidateCode);
    if (removed > 0) this.logger.log(`${removed} centre list job(s) printing ${parsed.event.payload.candidateCode} removed (the candidate changed)`);
  }
}
