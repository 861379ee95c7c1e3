/** Upload rules for the candidate's photo and signature. */
export const MAX_IMAGE_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_FILE_LABEL = '5MB';

/**
 * The longest side of a stored photo or signature (plenty for a hall ticket's photo box). The
 * server converts anything larger; the registration form shrinks it on the phone before upload.
 */
export const STORED_IMAGE_MAX_SIDE = 1200;

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

/** Value for an `<input type="file" accept>` attribute. */
export const IMAGE_ACCEPT_ATTRIBUTE = ALLOWED_IMAGE_TYPES.join(',');

/** Field names of the two files in the candidate multipart request. */
export const CANDIDATE_FILE_FIELDS = ['photo', 'signature'] as const;
export type CandidateFileField = (typeof CANDIDATE_FILE_FIELDS)[number];

/** The two files of the candidate form as API documents describe them. */
export const CANDIDATE_FILE_PARTS: Record<CandidateFileField, { required: boolean; description: string; contentTypes: readonly AllowedImageType[] }> = {
  photo: { required: true, description: 'Passport photo: a JPEG, PNG, WebP or GIF image, at most 5 MB.', contentTypes: ALLOWED_IMAGE_TYPES },
  signature: { required: true, description: 'Signature: a JPEG, PNG, WebP or GIF image, at most 5 MB.', contentTypes: ALLOWED_IMAGE_TYPES },
};

export function isAllowedImageType(type: string): type is AllowedImageType {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

export function isWithinImageSizeLimit(size: number): boolean {
  return Number.isFinite(size) && size > 0 && size <= MAX_IMAGE_FILE_BYTES;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image type proven by the file's first bytes (its magic number), or null when the bytes
 * are not a JPEG, PNG, WebP or GIF. The declared MIME type of an upload is not trusted.
 */
export function detectImageType(bytes: Uint8Array): AllowedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

/** What the rules need to know about a file, in the browser (File) or on the server. */
export interface ImageFileInfo {
  size: number;
  type: string;
}

/**
 * The problem with one image file, or null when it is acceptable. `label` names it in the
 * message ('Photo', 'Signature').
 */
export function imageFileProblem(label: string, file: ImageFileInfo): string | null {
  if (!isAllowedImageType(file.type)) return `${label} must be a JPEG, PNG, WebP or GIF image`;
  if (file.size <= 0) return `${label} file is empty`;
  if (file.size > MAX_IMAGE_FILE_BYTES) return `${label} must be smaller than ${MAX_IMAGE_FILE_LABEL}`;
  return null;
}
