/** Codes by a text key (the code itself, a mobile number), looked up by key prefix with a binary search. */
export class SortedPrefixIndex {
  private readonly keys: string[];
  private readonly codes: string[];

  constructor(rows: Iterable<[key: string, code: string]>) {
    const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.keys = sorted.map(([key]) => key);
    this.codes = sorted.map(([, code]) => code);
  }

  codesWithPrefix(prefix: string): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.keys, prefix); i < this.keys.length && this.keys[i].startsWith(prefix); i += 1) found.push(this.codes[i]);
    return found;
  }
}

/** Index of the first element >= `value` in ascending `sorted`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
