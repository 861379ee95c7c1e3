import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface TestImages {
  dir: string;
  /** A small real JPEG (passport-photo shaped). */
  photoJpeg: string;
  /** A small real PNG (signature shaped). */
  signaturePng: string;
  /** A phone camera's JPEG: 4032 x 3024 stored sideways (EXIF orientation 6), with camera EXIF. */
  cameraJpeg: string;
  /** A real PNG of about 6 MB (random pixels, stored uncompressed): larger than the 5MB limit. */
  largePng: string;
  cleanup: () => void;
}

/** Makes real image files in a fresh temporary folder for setInputFiles. */
export async function makeTestImages(): Promise<TestImages> {
  const dir = mkdtempSync(join(tmpdir(), 'kbe-e2e-images-'));
  const photoJpeg = join(dir, 'candidate-photo.jpg');
  const signaturePng = join(dir, 'candidate-signature.png');
  const largePng = join(dir, 'too-large.png');
  const cameraJpeg = join(dir, 'camera-photo.jpeg');

  await sharp({ create: { width: 240, height: 300, channels: 3, background: { r: 70, g: 90, b: 160 } } })
    .composite([{ input: Buffer.from('<svg width="240" height="300"><circle cx="120" cy="120" r="70" fill="#f2c9a0"/><rect x="40" y="210" width="160" height="90" fill="#233"/></svg>') }])
    .jpeg({ quality: 80 })
    .toFile(photoJpeg);
  await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="300" height="100"><path d="M20 70 C 60 10, 90 90, 130 40 S 200 80, 280 30" stroke="#123" stroke-width="4" fill="none"/></svg>') }])
    .png()
    .toFile(signaturePng);

  await sharp({ create: { width: 4032, height: 3024, channels: 3, background: { r: 60, g: 110, b: 150 } } })
    .composite([{ input: Buffer.from('<svg width="4032" height="3024"><circle cx="2016" cy="1300" r="900" fill="#f2c9a0"/><rect x="600" y="2300" width="2800" height="724" fill="#233"/></svg>') }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'E2E Phone', Model: 'Camera' } })
    .withMetadata({ orientation: 6 })
    .toFile(cameraJpeg);

  const side = 1450; // 1450 x 1450 x 3 bytes = 6.3 MB of noise, which does not compress
  await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(largePng);
  const size = statSync(largePng).size;
  if (size <= 5 * 1024 * 1024 || size > 7 * 1024 * 1024) throw new Error(`large test image is ${size} bytes, expected about 6 MB`);

  return { dir, photoJpeg, signaturePng, largePng, cameraJpeg, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
