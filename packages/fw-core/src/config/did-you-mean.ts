/** The "did you mean" suggestion for a misspelt configuration key or environment name. */

/** The known key closest to `key`, if it is close enough to be a likely typo. */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  // One edit per three characters, at least one: `prot` -> `port`, not `host` -> `port`.
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(wanted.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The defined environment closest to `name`: a likely typo (closestKey), else the one sharing
 * the longest prefix of at least three characters, since environments are often named in full
 * in one place and abbreviated in another (`production` for `prod`, `development` for `dev`).
 */
export function closestEnvironment(name: string, defined: readonly string[]): string | undefined {
  const typo = closestKey(name, defined);
  if (typo !== undefined) return typo;
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestShared = MIN_SHARED_PREFIX - 1;
  for (const candidate of defined) {
    const shared = sharedPrefixLength(wanted, candidate.toLowerCase());
    if (shared > bestShared) {
      best = candidate;
      bestShared = shared;
    }
  }
  return best;
}

// Two characters match too much by chance (`pr` of `preview` and `prod`).
const MIN_SHARED_PREFIX = 3;

function sharedPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

// Optimal string alignment distance: Levenshtein plus adjacent transpositions, the commonest typo.
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
