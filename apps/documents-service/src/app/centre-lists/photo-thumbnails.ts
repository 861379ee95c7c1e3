import sharp from 'sharp';

/** Small copies of candidates' photos for lists of many (a stored photo is up to 1200 px: 2,000 of them would make a PDF of hundreds of MB). */
export interface PhotoThumbnails {
  /** A JPEG of the photo made small, as a data: URL. */
  thumbnail(jpeg: Buffer): Promise<string>;
}

/** 120 x 150 px (12 x 15 mm at about 250 dpi), cropped to fill, JPEG quality 70: a few kB each. */
export class SharpPhotoThumbnails implements PhotoThumbnails {
  async thumbnail(jpeg: Buffer): Promise<string> {
    const small = await sharp(jpeg).rotate().resize(120, 150, { fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
    return `data:image/jpeg;base64,${small.toString('base64')}`;
  }
}
