/**
 * Multipart forms carry nested objects as bracketed names: `personalDetails[fullName]`. The
 * browser flattens with this helper; the server's multipart parser nests them again.
 */

export type BracketableValue = string | number | boolean | null | undefined | BracketableObject;
export interface BracketableObject {
  [key: string]: BracketableValue;
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
