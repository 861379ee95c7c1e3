import { HttpStatus, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { CandidateDirectoryError } from '../candidates/candidate-directory';
import { NoPublishedResultError, NoSuchCertificateError } from '../documents/certificate-award';
import { RendererBusyError, RenderTimeoutError } from '../rendering/pdf-renderer';
import { RetryLaterException } from './download-gate';

export const DOCUMENTS_UNAVAILABLE = 'The document service is temporarily unavailable. Please try again in a moment.';

/**
 * Runs a handler and turns "try again later" failures into 503/429 with Retry-After: a full
 * render queue, a render timeout, registration-service unreachable.
 */
export async function withRetryAfter<T>(response: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    let mapped = error;
    if (error instanceof RendererBusyError) {
      mapped = new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, error.message, error.retryAfterSeconds);
    } else if (error instanceof RenderTimeoutError || error instanceof CandidateDirectoryError) {
      mapped = new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, DOCUMENTS_UNAVAILABLE, 5);
    }
    if (mapped instanceof RetryLaterException) response.setHeader('Retry-After', String(mapped.retryAfterSeconds));
    throw mapped;
  }
}

/** Headers of a PDF answer. */
export function sendPdfHeaders(response: Response, fileName: string, cached: boolean, disposition: 'attachment' | 'inline'): void {
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `${disposition}; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Document-Cache', cached ? 'hit' : 'miss');
}

/**
 * The whole PDF answer from a buffer in memory, in one write with its Content-Length (no stream
 * around the buffer, as a StreamableFile would make): the cached download's answer.
 */
export function sendPdf(response: Response, pdf: Buffer, fileName: string, cached: boolean, disposition: 'attachment' | 'inline'): void {
  sendPdfHeaders(response, fileName, cached, disposition);
  response.setHeader('Content-Length', pdf.length);
  response.status(200).end(pdf);
}

/** A certificate not earned, or a result not published: 404 with the sentence that says so. */
export async function notEarnedAsNotFound<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NoSuchCertificateError || error instanceof NoPublishedResultError) throw new NotFoundException(error.message);
    throw error;
  }
}
