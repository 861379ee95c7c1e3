import sharp from 'sharp';
import { inspectKeepableJpeg } from './jpeg-passthrough';

const MAX_SIDE = 1200;

/** A textured picture (not flat colour, so the scan data has real entropy-coded content). */
function picture(width: number, height: number) {
  const svg = `<svg width="${width}" height="${height}"><rect width="100%" height="100%" fill="#4466aa"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f2c9a0"/></svg>`;
  return sharp(Buffer.from(svg)).composite([
    { input: { create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } }, blend: 'overlay' },
  ]);
}

async function pixels(jpeg: Buffer) {
  return sharp(jpeg).raw().toBuffer();
}

describe('inspectKeepableJpeg', () => {
  it('keeps an upright JPEG within bounds, pixels untouched, without EXIF, GPS, XMP or comments', async () => {
    const original = await picture(600, 750)
      .withExif({ IFD0: { Copyright: 'exif-marker-1', Orientation: '1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 59/1 0/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>xmp-marker-2</rdf:Description></rdf:RDF></x:xmpmeta>')
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(original.includes(Buffer.from('exif-marker-1'))).toBe(true);

    const kept = inspectKeepableJpeg(original, MAX_SIDE);

    expect(kept).toMatchObject({ width: 600, height: 750 });
    const stripped = kept?.stripped as Buffer;
    expect(stripped.includes(Buffer.from('exif-marker-1'))).toBe(false);
    expect(stripped.includes(Buffer.from('xmp-marker-2'))).toBe(false);
    expect(stripped.includes(Buffer.from('Exif\0\0'))).toBe(false);
    const metadata = await sharp(stripped).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 750 });
    expect((await pixels(stripped)).equals(await pixels(original))).toBe(true);
  });

  it('keeps progressive and greyscale JPEGs, and drops what follows the end-of-image marker', async () => {
    const progressive = await picture(400, 300).jpeg({ progressive: true }).toBuffer();
    const grey = await picture(300, 100).greyscale().jpeg().toBuffer();
    const appended = Buffer.concat([grey, Buffer.from('appended secondary image with a location')]);

    expect((await pixels(inspectKeepableJpeg(progressive, MAX_SIDE)?.stripped as Buffer)).equals(await pixels(progressive))).toBe(true);
    expect(inspectKeepableJpeg(appended, MAX_SIDE)?.stripped.equals(grey)).toBe(true);
  });

  it('keeps the ICC colour profile, which says how to show the colours', async () => {
    const withProfile = await picture(200, 200).withIccProfile('p3').jpeg().toBuffer();

    const stripped = inspectKeepableJpeg(withProfile, MAX_SIDE)?.stripped as Buffer;

    expect((await sharp(stripped).metadata()).icc).toBeDefined();
  });

  it('leaves to the conversion what needs more than cutting metadata', async () => {
    const tooWide = await picture(MAX_SIDE + 1, 100).jpeg().toBuffer();
    const tooTall = await picture(100, MAX_SIDE + 1).jpeg().toBuffer();
    const rotated = await picture(300, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const cmyk = await picture(200, 200).toColourspace('cmyk').jpeg().toBuffer();
    const png = await picture(200, 200).png().toBuffer();
    const jpeg = await picture(200, 200).jpeg().toBuffer();

    expect(inspectKeepableJpeg(tooWide, MAX_SIDE)).toBeNull();
    expect(inspectKeepableJpeg(tooTall, MAX_SIDE)).toBeNull();
    expect(inspectKeepableJpeg(rotated, MAX_SIDE)).toBeNull();
    expect(inspectKeepableJpeg(cmyk, MAX_SIDE)).toBeNull();
    expect(inspectKeepableJpeg(png, MAX_SIDE)).toBeNull();
    expect(inspectKeepableJpeg(jpeg.subarray(0, jpeg.length - 2), MAX_SIDE)).toBeNull(); // no end-of-image marker
    expect(inspectKeepableJpeg(jpeg.subarray(0, 300), MAX_SIDE)).toBeNull(); // cut inside the headers
    expect(inspectKeepableJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), MAX_SIDE)).toBeNull(); // no frame
  });
});
