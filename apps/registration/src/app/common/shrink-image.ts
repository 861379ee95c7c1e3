import { STORED_IMAGE_MAX_SIDE } from '@kbe/contracts/zod-free';

/** The size that fits `width` x `height` within `maxSide` on both sides, or null when it already does. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } | null {
  const scale = maxSide / Math.max(width, height);
  if (!(scale < 1)) return null;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws an image upright (its EXIF orientation applied), within `maxSide`, as a JPEG without
 * metadata; null when it already fits or this browser cannot do it. jsdom cannot: tests inject one.
 */
export type ImageShrinker = (image: Blob, maxSide: number) => Promise<Blob | null>;

/** The browser's own: createImageBitmap (which applies the EXIF orientation) onto a canvas. */
export const shrinkWithCanvas: ImageShrinker = async (image, maxSide) => {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    if (!size) return null;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff'; // transparency on white, as the server would store it
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  } finally {
    bitmap.close();
  }
};

/**
 * The photo or signature as it will be stored, made on the phone: a 3 MB camera original travels
 * as ~250 KB on a slow connection, and its location (EXIF GPS) never leaves the device. The
 * original is sent whenever it already fits or shrinking fails: the server converts it then.
 */
export async function shrinkImageForUpload(file: File, shrink: ImageShrinker = shrinkWithCanvas): Promise<File> {
  const shrunk = await shrink(file, STORED_IMAGE_MAX_SIDE).catch(() => null);
  if (!shrunk || shrunk.size === 0 || shrunk.size >= file.size) return file;
  const name = `${file.name.replace(/\.[^./\\]*$/, '') || 'image'}.jpg`;
  return new File([shrunk], name, { type: 'image/jpeg', lastModified: file.lastModified });
}
