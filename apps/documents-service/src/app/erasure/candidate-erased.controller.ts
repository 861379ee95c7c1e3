import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { EVENT_TOPICS } from '@kbe/contracts';
import { parseReceivedEvent } from '../received-event';
import { EraseCandidateDocumentsUseCase } from './erase-candidate-documents.usecase';

/**
 * `candidate.erased` in the consumer group (one replica per event): the candidate's PDFs leave
 * MinIO and this replica's memory; the other replicas clear theirs on the replica feed
 * (DocumentsModule). Idempotent: a redelivery finds nothing left to remove. A malformed event is
 * logged and skipped; a failure (MinIO away) is thrown, so the offset is not committed and Kafka
 * delivers the event again.
 */
@ApiExcludeController()
@Controller()
export class CandidateErasedController {
  private readonly logger = new Logger(CandidateErasedController.name);

  constructor(private readonly erase: EraseCandidateDocumentsUseCase) {}

  @EventPattern(EVENT_TOPICS.candidateErased)
  async candidateErased(@Payload() message: unknown): Promise<void> {
    const parsed = parseReceivedEvent(EVENT_TOPICS.candidateErased, message);
    if (!parsed.ok) {
      this.logger.warn(`skipped a malformed ${EVENT_TOPICS.candidateErased} event: ${parsed.error}`);
      return;
    }
    const { candidateCode, reason } = parsed.event.payload;
    const removed = await this.erase.execute(candidateCode);
    this.logger.log(`erased the documents of ${candidateCode} (${reason}, event ${parsed.event.id}): ${removed} PDF(s) removed from MinIO`);
  }
}
