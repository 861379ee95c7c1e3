import { availableParallelism } from 'node:os';
import { Injectable } from '@nestjs/common';
import { STORED_IMAGE_MAX_SIDE } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import sharp from 'sharp';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { inspectKeepableJpeg } from './jpeg-passthrough';

/** Turns an uploaded image into the stored form; rejects with `UnreadableImageError`. */
export interface ImageNormalizer {
  toJpeg(bytes: Buffer): Promise<Buffer>;
}

export const IMAGE_NORMALIZER = Symbol('IMAGE_NORMALIZER');

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`Image could not be decoded: ${errorMessage(cause)}`);
    this.name = 'UnreadableImageError';
  }
}

/** Longest side kept: plenty for a hall-ticket photo box, small enough for fast PDF renders. */
export const MAX_IMAGE_SIDE = STORED_IMAGE_MAX_SIDE;

/**
 * The stored form is a JPEG of at most 1200 px on a side without metadata (EXIF, GPS, XMP).
 * JPEG also renders much faster than a large PNG in Chromium PDFs (the hall ticket embeds it).
 *
 * An upload that already is such a JPEG (within bounds, upright, well formed: `inspectKeepableJpeg`)
 * is kept as sent with its metadata segments cut out, no pixel decoded or re-encoded (no loss of
 * quality, no conversion cost). Everything else is converted by sharp: orientation applied,
 * transparency on white, resized to fit 1200 px, no metadata (EXIF, GPS, ICC) kept.
 *
 * sharp decodes and encodes on libuv's thread pool, off the event loop. At most one conversion
 * per core runs at a time: a registration rush queues here (in arrival order) rather than in the
 * thread pool, which file system, DNS and compression work share. Each conversion uses one libvips
 * thread (sharp's default is one per core for every image, except on glibc Linux without
 * jemalloc): with one conversion per core at a time, more threads per image would only make them
 * fight over the same cores. A camera JPEG costs tens of milliseconds of one core, so a rush is
 * CPU-bound here.
 */
@Injectable()
export class SharpImageNormalizer implements ImageNormalizer {
  private readonly limit = new ConcurrencyLimit(availableParallelism());

  constructor() {
    sharp.concurrency(1);
  }

  toJpeg(bytes: Buffer): Promise<Buffer> {
    const keepable = inspectKeepableJpeg(bytes, MAX_IMAGE_SIDE);
    if (keepable) return Promise.resolve(keepable.stripped);
    return this.limit.run(async () => {
      try {
        return await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000, animated: false })
          .rotate()
          .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer();
      } catch (error) {
        throw new UnreadableImageError(error);
      }
    });
  }
}
