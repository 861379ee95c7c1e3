import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_NOT_VERIFIED, type DocumentVerification } from '@kbe/contracts';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from '../candidates/candidate-directory';
import { VerificationTokens } from './verification-token';

/**
 * `GET /api/documents/verify/{token}`: the link in a document's QR code. Answers whether the
 * document is genuine with the candidate code, name, document type and edition, and for a
 * certificate of a published result what it certifies (kind, level, rank of a merit certificate,
 * year), nothing else.
 */
@ApiTags('verification')
@Controller('documents/verify')
export class VerificationController {
  constructor(
    private readonly tokens: VerificationTokens,
    @Inject(CANDIDATE_DIRECTORY) private readonly directory: CandidateDirectory,
  ) {}

  @Get(':token')
  @ApiOkResponse({
    description:
      '{ valid: true, candidateCode, name, type, edition, award? } (award: { kind, level, rank, year } of a certificate of a published result) or { valid: false, message }',
  })
  async verify(@Param('token') token: string): Promise<DocumentVerification> {
    const claims = this.tokens.verify(token.slice(0, 200));
    if (!claims) return { valid: false, message: DOCUMENT_NOT_VERIFIED };
    const candidate = await this.directory.find(claims.candidateCode);
    // A withdrawn (deleted) candidate's documents no longer verify.
    if (!candidate) return { valid: false, message: DOCUMENT_NOT_VERIFIED };
    return {
      valid: true,
      candidateCode: candidate.candidateCode,
      name: candidate.personalDetails.fullName,
      type: claims.kind,
      edition: claims.edition,
      ...(claims.award ? { award: { ...claims.award, year: claims.edition } } : {}),
    };
  }
}
