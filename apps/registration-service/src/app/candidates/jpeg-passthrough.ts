/**
 * An uploaded JPEG that can be stored as sent, minus its metadata, instead of being decoded and
 * re-encoded: the segments are read (no pixel is decoded) and the image is kept only when every
 * check passes; anything else returns null and goes through the full conversion.
 *
 * Kept when: one frame of 8-bit baseline, extended or progressive Huffman coding (what every
 * browser and Chromium's PDF renderer decode), grey or three-component colour, at most `maxSide`
 * pixels on each side, no EXIF rotation to apply (orientation absent or 1), every segment whole,
 * and an end-of-image marker after the scan data.
 *
 * What is dropped, losslessly (the compressed pixels are copied byte for byte): EXIF (camera,
 * time, GPS location), XMP, IPTC/Photoshop, comments, multi-picture (MPF) and other application
 * segments, and anything after the end-of-image marker (phones append depth maps and secondary
 * images there). What is kept: JFIF (pixel density), an ICC colour profile (colours only) and
 * Adobe's colour-transform flag (it decides how the components are read).
 */
export interface JpegInspection {
  width: number;
  height: number;
  /** The JPEG without its metadata, ready to store. */
  stripped: Buffer;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Frame types kept: baseline, extended sequential and progressive, all Huffman coded. */
const KEPT_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Any start-of-frame marker (C0-CF except DHT C4, JPG C8 and DAC CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isApplication = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const COM = 0xfe;

const startsWithAscii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** Application segments worth keeping: they describe how to show the pixels, not who took them. */
function keepsApplicationSegment(marker: number, bytes: Buffer, dataStart: number): boolean {
  if (marker === 0xe0) return startsWithAscii(bytes, dataStart, 'JFIF\0');
  if (marker === 0xe2) return startsWithAscii(bytes, dataStart, 'ICC_PROFILE\0');
  if (marker === 0xee) return startsWithAscii(bytes, dataStart, 'Adobe');
  return false;
}

/** The EXIF orientation (1-8) of an APP1 `Exif` segment, 1 when absent, null when unreadable. */
export function exifOrientation(bytes: Buffer, dataStart: number, dataEnd: number): number | null {
  if (!startsWithAscii(bytes, dataStart, 'Exif\0\0')) return 1; // XMP or another APP1: no orientation
  const tiff = dataStart + 6;
  if (tiff + 8 > dataEnd) return null;
  const order = bytes.toString('latin1', tiff, tiff + 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  if (u16(tiff + 2) !== 42) return null;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > dataEnd) return null;
  const entries = u16(ifd);
  if (ifd + 2 + entries * 12 > dataEnd) return null;
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) !== 0x0112) continue;
    const type = u16(entry + 2);
    if (type !== 3 || u32(entry + 4) !== 1) return null; // orientation is one SHORT
    return u16(entry + 8);
  }
  return 1;
}

/**
 * The upload as a storable JPEG (see the file comment), or null when it must be converted:
 * not a JPEG, larger than `maxSide`, rotated by EXIF, of an unusual kind, or not well formed.
 */
export function inspectKeepableJpeg(bytes: Buffer, maxSide: number): JpegInspection | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  let at = 2;
  for (;;) {
    // Scan data (after a start of scan) runs until a marker other than a stuffed 0xFF00 or a restart.
    let segmentStart = at;
    if (scans > 0) {
      let next = at;
      for (;;) {
        next = bytes.indexOf(0xff, next);
        if (next < 0 || next + 1 >= bytes.length) return null; // no end-of-image marker: truncated
        const following = bytes[next + 1];
        if (following === 0x00 || isRestart(following)) next += 2;
        else if (following === 0xff) next += 1; // fill byte before a marker
        else break;
      }
      kept.push(bytes.subarray(at, next));
      segmentStart = next;
    }
    // Fill bytes may precede a marker.
    while (segmentStart + 1 < bytes.length && bytes[segmentStart] === 0xff && bytes[segmentStart + 1] === 0xff) segmentStart++;
    if (segmentStart + 1 >= bytes.length || bytes[segmentStart] !== 0xff) return null;
    const marker = bytes[segmentStart + 1];
    if (marker === EOI) {
      if (!frame || scans === 0) return null;
      kept.push(bytes.subarray(segmentStart, segmentStart + 2));
      return { ...frame, stripped: Buffer.concat(kept) };
    }
    if (marker === SOI || isRestart(marker) || marker === 0x01 || marker === 0x00) return null; // out of place
    if (segmentStart + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(segmentStart + 2);
    const dataStart = segmentStart + 4;
    const segmentEnd = segmentStart + 2 + length;
    if (length < 2 || segmentEnd > bytes.length) return null;

    if (isFrame(marker)) {
      if (frame || !KEPT_FRAMES.has(marker) || length < 8) return null;
      const precision = bytes[dataStart];
      const height = bytes.readUInt16BE(dataStart + 1);
      const width = bytes.readUInt16BE(dataStart + 3);
      const components = bytes[dataStart + 5];
      if (precision !== 8 || width === 0 || height === 0 || (components !== 1 && components !== 3)) return null;
      if (width > maxSide || height > maxSide) return null;
      frame = { width, height };
      kept.push(bytes.subarray(segmentStart, segmentEnd));
    } else if (marker === 0xe1) {
      if (exifOrientation(bytes, dataStart, segmentEnd) !== 1) return null; // must be rotated (or unreadable)
    } else if (isApplication(marker)) {
      if (keepsApplicationSegment(marker, bytes, dataStart)) kept.push(bytes.subarray(segmentStart, segmentEnd));
    } else if (marker !== COM) {
      if (marker === SOS) {
        if (!frame) return null;
        scans++;
      }
      kept.push(bytes.subarray(segmentStart, segmentEnd)); // tables, restart interval, scan header
    }
    at = segmentEnd;
  }
}
