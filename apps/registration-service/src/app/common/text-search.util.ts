/** Lower case, trimmed, inner whitespace collapsed: the form stored for searching and fingerprints. */
export function normaliseText(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `^<escaped>`: an anchored prefix match that a normal index on the normalised field serves. */
export function prefixPattern(value: string): RegExp {
  return new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
