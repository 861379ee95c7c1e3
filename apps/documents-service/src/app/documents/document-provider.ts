import { Logger } from '@nestjs/common';
import type { DocumentKind } from '@kbe/contracts';
import { DOCUMENTS_RENDERED, Metrics, PDF_CACHE_LOOKUPS } from '@kbe/server-metrics';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Counter } from 'prom-client';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import type { PdfRenderer } from '../rendering/pdf-renderer';
import { awardVariant, chooseCertificate, type CertificateAward, type CertificateChoice } from './certificate-award';
import type { DocumentComposer } from './document-composer';
import type { PdfCache } from './pdf-cache';

/** Render-ahead and bundles wait for the MinIO write (their job is the cache); a download does not. */
type StoreMode = 'before-returning' | 'in-background';

/** Why a PDF is rendered (the documents_rendered_total `reason`). */
type RenderReason = 'request' | 'ahead' | 'bundle';

export interface ProvidedPdf {
  pdf: Buffer;
  /** true when served from the MinIO cache, false when rendered for this request. */
  cached: boolean;
}

/**
 * A candidate's document as PDF: from the cache when its content version was rendered before,
 * otherwise rendered once (concurrent requests for the same version share one render) and stored.
 * A certificate is of the award chosen (`CertificateChoice`: the level and kind asked, else the
 * latest result and the best kind, else the certificate before results); each award is cached
 * under its own key (`<code>/certificate/<level>-<kind>/<version>.pdf`), so one kind is never
 * served for another, and its version holds the result, so a changed result renders anew.
 * A kind not earned throws NoSuchCertificateError.
 */
export class DocumentProvider {
  private readonly logger = new Logger(DocumentProvider.name);
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly rendered: Counter<'kind' | 'reason'>;
  private readonly lookups: Counter<'kind' | 'result'>;

  constructor(
    private readonly directory: CandidateDirectory,
    private readonly composer: DocumentComposer,
    private readonly renderer: PdfRenderer,
    private readonly cache: PdfCache,
    metrics: Metrics,
  ) {
    this.rendered = metrics.counter(DOCUMENTS_RENDERED);
    this.lookups = metrics.counter(PDF_CACHE_LOOKUPS);
  }

  async pdf(kind: DocumentKind, candidate: CandidateDocumentData, choice: CertificateChoice = {}): Promise<ProvidedPdf> {
    const { key, award } = this.variant(kind, candidate, choice);
    const stored = await this.cache.get(key).catch((error: unknown) => {
      this.logger.warn(`PDF cache read failed, rendering instead: ${errorMessage(error)}`);
      return null;
    });
    this.lookups.inc({ kind, result: stored ? 'hit' : 'miss' });
    if (stored) return { pdf: stored, cached: true };
    // The candidate waits for the render, not for the MinIO write behind it.
    return { pdf: await this.renderShared(key, kind, candidate, 'request', award), cached: false };
  }

  /** The certificate's award (null: a hall ticket, or a certificate before results) and the cache key of its PDF. */
  variant(kind: DocumentKind, candidate: CandidateDocumentData, choice: CertificateChoice = {}): { key: string; award: CertificateAward | null } {
    const award = kind === 'certificate' ? chooseCertificate(candidate, choice) : null;
    const version = this.composer.contentVersion(kind, candidate, award);
    return { key: this.cache.key(candidate.candidateCode, kind, version, award ? awardVariant(award) : undefined), award };
  }

  /**
   * For a bundle of many candidates: from the MinIO cache (without taking the memory copies of
   * downloads), else rendered at background priority (every download waiting goes first) and
   * cached exactly as a download's render would be.
   */
  async forBundle(
    kind: DocumentKind,
    candidate: CandidateDocumentData,
    /** Runs the render (not the cache read): the bundles' own limit on renders at once. */
    gate: <T>(render: () => Promise<T>) => Promise<T> = (render) => render(),
  ): Promise<ProvidedPdf> {
    const { key, award } = this.variant(kind, candidate);
    const stored = await this.cache.get(key, { remember: false }).catch((error: unknown) => {
      this.logger.warn(`PDF cache read failed, rendering instead: ${errorMessage(error)}`);
      return null;
    });
    this.lookups.inc({ kind, result: stored ? 'hit' : 'miss' });
    if (stored) return { pdf: stored, cached: true };
    return { pdf: await gate(() => this.renderShared(key, kind, candidate, 'bundle', award)), cached: false };
  }

  /** Renders ahead (release events): does nothing when that version is cached already. */
  async ensureCached(kind: DocumentKind, candidate: CandidateDocumentData, choice: CertificateChoice = {}): Promise<'cached' | 'rendered'> {
    const { key, award } = this.variant(kind, candidate, choice);
    if (await this.cache.has(key)) return 'cached';
    await this.renderShared(key, kind, candidate, 'ahead', award);
    return 'rendered';
  }

  private renderShared(
    key: string,
    kind: DocumentKind,
    candidate: CandidateDocumentData,
    reason: RenderReason,
    award: CertificateAward | null = null,
  ): Promise<Buffer> {
    let render = this.inFlight.get(key);
    if (!render) {
      render = this.render(key, kind, candidate, reason, award).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, render);
    }
    return render;
  }

  /** The HTML the PDF is rendered from (photo and signature embedded for the hall ticket). */
  async html(kind: DocumentKind, candidate: CandidateDocumentData, award: CertificateAward | null = null): Promise<string> {
    const images =
      kind === 'hall-ticket'
        ? await Promise.all([
            this.directory.file(candidate.candidateCode, 'photo'),
            this.directory.file(candidate.candidateCode, 'signature'),
          ]).then(([photo, signature]) => ({ photo, signature }))
        : undefined;
    return this.composer.html(kind, candidate, images, award);
  }

  private async render(
    key: string,
    kind: DocumentKind,
    candidate: CandidateDocumentData,
    reason: RenderReason,
    award: CertificateAward | null,
  ): Promise<Buffer> {
    const store: StoreMode = reason === 'request' ? 'in-background' : 'before-returning';
    const html = await this.html(kind, candidate, award);
    const pdf = await this.renderer.render(html, { priority: reason === 'bundle' ? 'background' : 'normal' });
    // In memory at once (a repeated download is a hit meanwhile); a failed MinIO write costs a
    // later re-render, never this download.
    const stored = this.cache
      .put(key, pdf)
      .catch((error: unknown) => this.logger.warn(`PDF cache write failed: ${errorMessage(error)}`))
      // Counted once stored: a render-ahead seen here is a cache hit for the next download.
      .then(() => this.rendered.inc({ kind, reason }));
    if (store === 'before-returning') await stored;
    return pdf;
  }
}
