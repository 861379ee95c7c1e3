import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGE_FILE_BYTES,
  detectImageType,
  imageFileProblem,
  isAllowedImageType,
  isWithinImageSizeLimit,
} from './image-file.rules';

const bytes = (...values: (number | string)[]): Uint8Array =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

describe('image file rules', () => {
  it('allows JPEG, PNG, WebP and GIF up to 5 MB', () => {
    expect(ALLOWED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
    expect(IMAGE_ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(MAX_IMAGE_FILE_BYTES).toBe(5 * 1024 * 1024);
    expect(isWithinImageSizeLimit(MAX_IMAGE_FILE_BYTES)).toBe(true);
    expect(isWithinImageSizeLimit(MAX_IMAGE_FILE_BYTES + 1)).toBe(false);
    expect(isWithinImageSizeLimit(0)).toBe(false);
    expect(isAllowedImageType('IMAGE/PNG')).toBe(true);
    expect(isAllowedImageType('image/svg+xml')).toBe(false);
  });

  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['GIF87a', bytes('GIF87a', 1, 0), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1, 0), 'image/gif'],
  ])('recognises %s by its magic bytes', (_name, data, type) => {
    expect(detectImageType(data)).toBe(type);
  });

  it.each([
    ['an empty file', bytes()],
    ['a PDF', bytes('%PDF-1.7')],
    ['an SVG', bytes('<svg xmlns=')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt ')],
    ['a truncated PNG header', bytes(0x89, 'PNG')],
    ['a truncated JPEG header', bytes(0xff, 0xd8)],
  ])('refuses %s', (_name, data) => {
    expect(detectImageType(data)).toBeNull();
  });

  it('explains what is wrong with a file', () => {
    expect(imageFileProblem('Photo', { size: 1000, type: 'image/webp' })).toBeNull();
    expect(imageFileProblem('Photo', { size: 1000, type: 'text/plain' })).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
    expect(imageFileProblem('Signature', { size: 0, type: 'image/png' })).toBe('Signature file is empty');
    expect(imageFileProblem('Signature', { size: MAX_IMAGE_FILE_BYTES + 1, type: 'image/png' })).toBe(
      'Signature must be smaller than 5MB',
    );
  });
});
