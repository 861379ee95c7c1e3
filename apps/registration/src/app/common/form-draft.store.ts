/**
 * Drafts of the three forms in localStorage, so a reload keeps what was typed. Files are never
 * stored. Beside each draft, the idempotency key of its last submission attempt is kept.
 */
export type FormKind = 'school' | 'mentor' | 'candidate';

const draftKey = (kind: FormKind) => `kbe.registration.draft.${kind}.v1`;
const attemptKey = (kind: FormKind) => `kbe.registration.attempt.${kind}.v1`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Copies from `saved` only the keys `defaults` has, with the same primitive type, so a stale or
 * tampered draft can never put unexpected values into a form.
 */
export function mergeDraft<V>(defaults: V, saved: unknown): V {
  if (isRecord(defaults)) {
    if (!isRecord(saved)) return defaults;
    const out: Record<string, unknown> = { ...defaults };
    for (const key of Object.keys(defaults)) out[key] = mergeDraft(defaults[key], saved[key]);
    return out as V;
  }
  return typeof saved === typeof defaults ? (saved as V) : defaults;
}

export function loadDraft<V>(kind: FormKind, defaults: V): V {
  return mergeDraft(defaults, readJson(draftKey(kind)));
}

export function saveDraft(kind: FormKind, values: unknown): void {
  writeJson(draftKey(kind), values);
}

export function clearDraft(kind: FormKind): void {
  try {
    storage()?.removeItem(draftKey(kind));
    storage()?.removeItem(attemptKey(kind));
  } catch {
    // Nothing to clear.
  }
}

function randomUuid(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key for a submission: the previous attempt's key when exactly the same thing
 * is sent again (a retry, also after a reload), a new uuid as soon as anything changed.
 */
export function idempotencyKeyFor(kind: FormKind, fingerprint: string): string {
  const previous = readJson(attemptKey(kind));
  const key =
    isRecord(previous) && previous['fingerprint'] === fingerprint && typeof previous['key'] === 'string'
      ? previous['key']
      : randomUuid();
  writeJson(attemptKey(kind), { key, fingerprint });
  return key;
}
