import MiniSearch from 'minisearch';

interface NameDocument {
  id: string;
  name: string;
}

/** Words as stored in `nameWords`: the normalised name split on its single spaces. */
const words = (name: string): string[] => name.split(' ').filter(Boolean);

/**
 * Candidate codes by the words of their normalised names, for "a word of the name starts with
 * this" (MiniSearch's prefix search, exact terms only: no fuzziness, no stemming).
 */
export class NameWordIndex {
  private index = NameWordIndex.empty();

  private static empty(): MiniSearch<NameDocument> {
    return new MiniSearch<NameDocument>({
      fields: ['name'],
      tokenize: words,
      // Names are normalised (lower case, NFKC) before they get here; queries too.
      processTerm: (term) => term,
    });
  }

  set(code: string, nameSearch: string): void {
    if (this.index.has(code)) this.index.discard(code);
    this.index.add({ id: code, name: nameSearch });
  }

  remove(code: string): void {
    if (this.index.has(code)) this.index.discard(code);
  }

  replaceAll(names: Iterable<[code: string, nameSearch: string]>): void {
    const index = NameWordIndex.empty();
    const documents: NameDocument[] = [];
    for (const [id, name] of names) documents.push({ id, name });
    index.addAll(documents);
    this.index = index;
  }

  /** Codes with a name word starting with `prefix` (one normalised word, no spaces). */
  codesWithWordPrefix(prefix: string): Set<string> {
    const found = this.index.search(prefix, { prefix: true, fuzzy: false, tokenize: (query) => [query] });
    return new Set(found.map((result) => String(result.id)));
  }
}
