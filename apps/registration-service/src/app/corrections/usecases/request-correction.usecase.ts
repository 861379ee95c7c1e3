import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  candidateRegistrationSchema,
  CORRECTION_MESSAGES,
  correctionWindowMessage,
  DATA_RIGHTS_MESSAGES,
  isCorrectionWindowOpen,
  validateWith,
  type CorrectionRequestParsed,
  type CorrectionView,
  type EditionSettings,
} from '@kbe/contracts';
import { RequestValidationError } from '@kbe/server-bootstrap';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { CANDIDATE_NOT_FOUND } from '../../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { EDITION_SETTINGS } from '../../common/edition.settings.provider';
import { portalScopeOf, type PortalPrincipal } from '../../portal/portal-session';
import { changesOf, registrationOf, withChanges } from '../correction-fields';
import { CORRECTION_REQUEST_STORE, type CorrectionRequestStore } from '../correction-request.store';
import { correctionViewOf } from '../correction-view';

/**
 * A school or mentor asks for a correction of one of their pupils (issue 27): only inside the
 * edition's correction window (409 naming it); a pupil outside their scope is not found (404, as
 * an unknown code); each new value passed the form's rule already (the request schema), and the
 * record with them must pass the whole form (a guardian's name needs a relation); values equal to
 * those on record are dropped; one open request per pupil (409).
 */
@Injectable()
export class RequestCorrectionUseCase {
  constructor(
    @Inject(CORRECTION_REQUEST_STORE) private readonly store: CorrectionRequestStore,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EDITION_SETTINGS) private readonly edition: EditionSettings,
  ) {}

  async execute(principal: Pick<PortalPrincipal, 'role' | 'code' | 'schoolCode'>, input: CorrectionRequestParsed): Promise<CorrectionView> {
    const now = this.clock.now();
    if (!isCorrectionWindowOpen(now, this.edition)) throw new ConflictException(correctionWindowMessage(this.edition));
    const scope = portalScopeOf(principal);
    const candidate = await this.candidates.findByCode(input.candidateCode);
    if (!candidate || candidate.schoolCode !== scope.schoolCode || (scope.mentorCode !== undefined && candidate.mentorCode !== scope.mentorCode)) {
      throw new NotFoundException(CANDIDATE_NOT_FOUND);
    }
    if (candidate.erasedAt) throw new ConflictException(DATA_RIGHTS_MESSAGES.erasedRecord);
    const changes = changesOf(candidate, input.changes);
    if (changes.length === 0) throw new RequestValidationError([{ field: 'changes', message: CORRECTION_MESSAGES.sameValues }]);
    const corrected = validateWith(candidateRegistrationSchema, withChanges(registrationOf(candidate), changes));
    if (!corrected.success) throw new RequestValidationError(corrected.fieldErrors.map((error) => ({ field: `changes.${error.field}`, message: error.message })));
    const stored = await this.store.create({
      candidateCode: candidate.candidateCode,
      candidateName: candidate.personalDetails.fullName,
      schoolCode: candidate.schoolCode,
      mentorCode: candidate.mentorCode,
      requestedBy: { role: principal.role, code: principal.code },
      changes,
      note: input.note,
      requestedAt: now,
    });
    if (stored === 'open-request') throw new ConflictException(CORRECTION_MESSAGES.openRequest);
    return correctionViewOf(stored, 'portal');
  }
}
