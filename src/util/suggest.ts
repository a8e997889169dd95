import type * as Levenshtein from 'fastest-levenshtein';

export interface SuggestOptions {
  /** How many suggestions at most (default 3). */
  max?: number;
  /** The largest edit distance still suggested (default: a third of the word's length, at least 2). */
  within?: number;
  /** Candidates that rank first whatever their distance (e.g. the same route name in another namespace). */
  preferred?: (candidate: string) => boolean;
}

/**
 * "Did you mean": the candidates closest to `word` by edit distance, nearest
 * first (ties alphabetically). A candidate equal but for case ranks first.
 */
export function didYouMean(word: string, candidates: Iterable<string>, options: SuggestOptions = {}): string[] {
  const { max = 3, within = Math.max(2, Math.floor(word.length / 3)), preferred } = options;
  const { distance } = levenshtein();
  const lower = word.toLowerCase();
  const scored = new Map<string, number>();
  for (const candidate of candidates) {
    if (scored.has(candidate)) continue;
    const first = candidate.toLowerCase() === lower || preferred?.(candidate) === true;
    scored.set(candidate, first ? 0 : distance(candidate, word));
  }
  return [...scored]
    .filter(([, score]) => score <= within)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([candidate]) => candidate);
}

/**
 * fastest-levenshtein, loaded on the first suggestion: it allocates a
 * 256 KiB table when loaded, and most processes never suggest anything
 * (suggestions are for misconfiguration and unknown route names).
 */
function levenshtein(): typeof Levenshtein {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('fastest-levenshtein') as typeof Levenshtein;
}
