import type { BundleBuilder } from '../bundles/bundle-builder';
import type { EventInvalidatedCandidates } from '../candidates/event-invalidated-candidates';
import type { RememberedCandidateFiles } from '../candidates/remembered-candidate-files';
import type { PdfCache } from '../documents/pdf-cache';

/**
 * What documents-service keeps of a candidate, gone once the candidate is erased (consent
 * withdrawn, an erasure request, retention): the rendered PDFs in MinIO and in memory, the
 * photo and signature kept for re-renders, and the candidate record kept for downloads.
 */
export class EraseCandidateDocumentsUseCase {
  constructor(
    private readonly pdfs: Pick<PdfCache, 'forgetCandidate' | 'removeCandidate'>,
    private readonly files: Pick<RememberedCandidateFiles, 'forget'>,
    private readonly candidates: Pick<EventInvalidatedCandidates, 'forget'>,
    /** The bundles of many candidates' hall tickets (a class's) that hold this candidate's. */
    private readonly bundles?: Pick<BundleBuilder, 'removeContaining'>,
  ) {}

  /** This process's copies in memory: every replica, as it hears the erasure. */
  forgetInMemory(candidateCode: string): void {
    this.pdfs.forgetCandidate(candidateCode);
    this.files.forget(candidateCode);
    this.candidates.forget(candidateCode);
  }

  /**
   * The copies in memory, then the PDFs in MinIO (once per erasure, by one replica); answers how
   * many PDFs were removed. Running it again removes nothing more.
   */
  async execute(candidateCode: string): Promise<number> {
    this.forgetInMemory(candidateCode);
    const removed = await this.pdfs.removeCandidate(candidateCode);
    return removed + ((await this.bundles?.removeContaining(candidateCode)) ?? 0);
  }
}
