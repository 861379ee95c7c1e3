/**
 * Multipart forms carry nested objects as bracketed names: `personalDetails[fullName]`.
 * These two pure helpers convert between that flat form and the nested object.
 */

export type NestedFields = { [key: string]: string | NestedFields };
export type BracketableValue = string | number | boolean | null | undefined | BracketableObject;
export interface BracketableObject {
  [key: string]: BracketableValue;
}

/** A multipart field name that cannot be turned into a nested object. */
export class BracketedFieldError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid field '${field}': ${reason}`);
    this.name = 'BracketedFieldError';
  }
}

const NAME_PATTERN = /^([^[\]]+)((?:\[[^[\]]+\])*)$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function parseName(name: string): string[] {
  const match = NAME_PATTERN.exec(name);
  if (!match) throw new BracketedFieldError(name, 'malformed brackets');
  const head = match[1] ?? '';
  const rest = match[2] ?? '';
  const segments = [head, ...Array.from(rest.matchAll(/\[([^[\]]+)\]/g), (m) => m[1] ?? '')];
  for (const segment of segments) {
    if (FORBIDDEN_KEYS.has(segment)) throw new BracketedFieldError(name, `'${segment}' is not allowed`);
  }
  return segments;
}

/** `{ 'a[b]': 'x', c: 'y' }` -> `{ a: { b: 'x' }, c: 'y' }`. */
export function fromBracketedFields(record: Readonly<Record<string, string>>): NestedFields {
  const root: NestedFields = {};
  for (const [name, value] of Object.entries(record)) {
    const segments = parseName(name);
    let node: NestedFields = root;
    segments.forEach((segment, index) => {
      const isLast = index === segments.length - 1;
      const existing = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
      if (isLast) {
        if (typeof existing === 'string') throw new BracketedFieldError(name, 'given more than once');
        if (existing !== undefined) throw new BracketedFieldError(name, `'${segment}' is both a value and a group`);
        node[segment] = value;
        return;
      }
      if (typeof existing === 'string') throw new BracketedFieldError(name, `'${segment}' is both a value and a group`);
      if (existing === undefined) {
        const child: NestedFields = {};
        node[segment] = child;
        node = child;
      } else {
        node = existing;
      }
    });
  }
  return root;
}

/**
 * `{ a: { b: 'x', n: 2, t: true }, skip: undefined }` -> `{ 'a[b]': 'x', 'a[n]': '2', 'a[t]': 'true' }`.
 * null and undefined are left out; numbers and booleans become strings.
 */
export function toBracketedFields(obj: Readonly<BracketableObject>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: BracketableValue, name: string): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, name ? `${name}[${key}]` : key);
      return;
    }
    out[name] = String(value);
  };
  walk(obj, '');
  return out;
}
