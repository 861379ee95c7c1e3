import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { EVENT_TOPICS, type DocumentKind } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from '../candidates/candidate-directory';
import { NoSuchCertificateError } from '../documents/certificate-award';
import { DocumentProvider } from '../documents/document-provider';
import { isReleased } from '../downloads/download-document.usecase';
import { parseReceivedEvent } from '../received-event';

/**
 * Renders a document ahead when it is released, so the candidate's first download comes from
 * the cache. A certificate is rendered as a download without a level or kind gets it: the best
 * kind earned at the latest published level the candidate sat (before results, the certificate of
 * participation in the stage); other kinds and levels render at their first download. Idempotent:
 * a redelivered or repeated event finds the PDF cached and does nothing.
 */
@ApiExcludeController()
@Controller()
export class RenderAheadController {
  private readonly logger = new Logger(RenderAheadController.name);

  constructor(
    @Inject(CANDIDATE_DIRECTORY) private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
  ) {}

  @EventPattern(EVENT_TOPICS.hallTicketReleased)
  hallTicketReleased(@Payload() message: unknown): Promise<void> {
    return this.renderAhead(EVENT_TOPICS.hallTicketReleased, 'hall-ticket', message);
  }

  @EventPattern(EVENT_TOPICS.certificateReleased)
  certificateReleased(@Payload() message: unknown): Promise<void> {
    return this.renderAhead(EVENT_TOPICS.certificateReleased, 'certificate', message);
  }

  private async renderAhead(
    type: 'hall-ticket.released' | 'certificate.released',
    kind: DocumentKind,
    message: unknown,
  ): Promise<void> {
    const parsed = parseReceivedEvent(type, message);
    if (!parsed.ok) {
      this.logger.warn(`skipped a malformed ${type} event: ${parsed.error}`);
      return;
    }
    const { candidateCode } = parsed.event.payload;
    try {
      const candidate = await this.directory.find(candidateCode);
      if (!candidate || !isReleased(kind, candidate)) {
        this.logger.warn(`skipped ${type} ${parsed.event.id}: ${candidateCode} is unknown or its ${kind} is not released`);
        return;
      }
      const outcome = await this.documents.ensureCached(kind, candidate);
      this.logger.log(`render-ahead ${kind} of ${candidateCode} (event ${parsed.event.id}): ${outcome}`);
    } catch (error) {
      if (error instanceof NoSuchCertificateError) {
        this.logger.log(`render-ahead ${kind} of ${candidateCode} (event ${parsed.event.id}): none earned (${error.message})`);
        return;
      }
      // The first download renders instead; a failed render-ahead never blocks the topic.
      this.logger.warn(`render-ahead ${kind} of ${candidateCode} failed: ${errorMessage(error)}`);
    }
  }
}
