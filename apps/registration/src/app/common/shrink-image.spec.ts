import { fitWithin, shrinkImageForUpload, type ImageShrinker } from './shrink-image';

const photo = (bytes: number, name = 'IMG_2041.JPG', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type, lastModified: 1 });

describe('fitWithin', () => {
  it('scales the longer side down to the bound and keeps the proportions', () => {
    expect(fitWithin(3024, 4032, 1200)).toEqual({ width: 900, height: 1200 });
    expect(fitWithin(4032, 3024, 1200)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(6000, 10, 1200)).toEqual({ width: 1200, height: 2 });
  });

  it('leaves an image that already fits alone', () => {
    expect(fitWithin(1200, 900, 1200)).toBeNull();
    expect(fitWithin(240, 300, 1200)).toBeNull();
  });
});

describe('shrinkImageForUpload', () => {
  it('sends a camera original as a JPEG within the stored size, named .jpg', async () => {
    const asked: number[] = [];
    const shrink: ImageShrinker = async (_image, maxSide) => {
      asked.push(maxSide);
      return new Blob([new Uint8Array(250_000)], { type: 'image/jpeg' });
    };
    const sent = await shrinkImageForUpload(photo(3_000_000, 'IMG_2041.HEIC.png', 'image/png'), shrink);
    expect(asked).toEqual([1200]);
    expect({ name: sent.name, type: sent.type, size: sent.size }).toEqual({ name: 'IMG_2041.HEIC.jpg', type: 'image/jpeg', size: 250_000 });
  });

  it('sends the file as chosen when it fits, when shrinking fails or would not make it smaller', async () => {
    const chosen = photo(80_000);
    expect(await shrinkImageForUpload(chosen, async () => null)).toBe(chosen);
    expect(await shrinkImageForUpload(chosen, async () => Promise.reject(new Error('no decoder for this image')))).toBe(chosen);
    expect(await shrinkImageForUpload(chosen, async () => new Blob([new Uint8Array(90_000)]))).toBe(chosen);
    expect(await shrinkImageForUpload(chosen, async () => new Blob([]))).toBe(chosen);
  });

  it('sends the file as chosen where the browser cannot draw images (no createImageBitmap)', async () => {
    const chosen = photo(3_000_000);
    expect(await shrinkImageForUpload(chosen)).toBe(chosen);
  });
});
