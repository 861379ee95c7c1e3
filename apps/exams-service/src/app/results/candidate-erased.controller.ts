import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { EVENT_TOPICS, parseEventEnvelope } from '@kbe/contracts';
import { EraseCandidateResultsUseCase } from './usecases/erase-candidate-results.usecase';

/**
 * `candidate.erased` (consent withdrawn, an erasure request, the retention purge: all the same
 * here) in the consumer group `exams-service`, so one replica per event: the candidate's result
 * rows of every level leave `results`. Idempotent: a redelivery finds nothing left to remove. A
 * malformed event is logged and skipped; a failure (the database away) is thrown, so the offset
 * is not committed and Kafka delivers the event again.
 */
@ApiExcludeController()
@Controller()
export class CandidateErasedController {
  private readonly logger = new Logger(CandidateErasedController.name);

  constructor(private readonly erase: EraseCandidateResultsUseCase) {}

  @EventPattern(EVENT_TOPICS.candidateErased)
  async candidateErased(@Payload() message: unknown): Promise<void> {
    // The transport hands over parsed JSON, or the text when it did not parse it (leading spaces).
    const parsed = parseEventEnvelope(EVENT_TOPICS.candidateErased, typeof message === 'string' ? jsonOrText(message) : message);
    if (!parsed.ok) {
      this.logger.warn(`skipped a malformed ${EVENT_TOPICS.candidateErased} event: ${parsed.error}`);
      return;
    }
    const { candidateCode, reason } = parsed.event.payload;
    const removed = await this.erase.execute(candidateCode);
    this.logger.log(`erased the results of ${candidateCode} (${reason}, event ${parsed.event.id}): ${removed} result row(s) removed`);
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
