/** "Did you mean": the known name closest to a mistyped one, for error messages; a leaf, so errors.ts and every folder may import it. */

/** The known key closest to `key` within one edit per three characters (at least one): `prot` -> `port`. */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  return closest(known, Math.max(1, Math.floor(wanted.length / 3)) + 1, (candidate) => editDistance(wanted, candidate));
}

/** ` (did you mean x?)` when `key` is a likely typo of one of `known`, else ''. */
export function didYouMean(key: string, known: readonly string[]): string {
  const meant = closestKey(key, known);
  return meant === undefined ? '' : ` (did you mean ${meant}?)`;
}

/** The first of `candidates` (lower-cased for `score`) scoring lowest, if below `limit`. */
export function closest(
  candidates: readonly string[],
  limit: number,
  score: (candidate: string) => number,
): string | undefined {
  let best: string | undefined;
  for (const candidate of candidates) {
    const value = score(candidate.toLowerCase());
    if (value < limit) {
      best = candidate;
      limit = value;
    }
  }
  return best;
}

// Optimal string alignment distance: Levenshtein plus adjacent transpositions, the commonest typo.
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        rows[i - 1]![j]! + 1,
        rows[i]![j - 1]! + 1,
        rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
