import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { EVENT_TOPICS, parseEventEnvelope } from '@kbe/contracts';
import { EraseCandidateSmsUseCase } from './erase-candidate-sms.usecase';

/**
 * `candidate.erased` (consent withdrawn, an erasure request, the retention purge: all the same
 * here) in the consumer group `notifications-service`, so one replica per event: the candidate's
 * number and SMS texts leave the delivery log, and its messages still waiting are not sent.
 * notifications-service keeps no copy of a number in memory beyond a chunk being sent. A
 * malformed event is logged and skipped; a failure (the database away, a sender still sending
 * the candidate's messages) is thrown, so the offset is not committed and Kafka delivers the
 * event again.
 */
@ApiExcludeController()
@Controller()
export class CandidateErasedController {
  private readonly logger = new Logger(CandidateErasedController.name);

  constructor(private readonly erase: EraseCandidateSmsUseCase) {}

  @EventPattern(EVENT_TOPICS.candidateErased)
  async candidateErased(@Payload() message: unknown): Promise<void> {
    // The transport hands over parsed JSON, or the text when it did not parse it (leading spaces).
    const parsed = parseEventEnvelope(EVENT_TOPICS.candidateErased, typeof message === 'string' ? jsonOrText(message) : message);
    if (!parsed.ok) {
      this.logger.warn(`skipped a malformed ${EVENT_TOPICS.candidateErased} event: ${parsed.error}`);
      return;
    }
    const { candidateCode, reason } = parsed.event.payload;
    const erased = await this.erase.execute(candidateCode);
    this.logger.log(
      `erased the SMS data of ${candidateCode} (${reason}, event ${parsed.event.id}): ${erased.cancelled} message(s) cancelled before sending, ` +
        `${erased.deadLetters} dead letter(s) and ${erased.receipts} provider receipt(s) masked`,
    );
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
