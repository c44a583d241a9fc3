/** The "did you mean" of the command line: the known name a mistyped one most likely meant. */

/** The name of `known` closest to `typed` within one edit per three characters (at least one), compared in lower case; undefined when none is. */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  let best: string | undefined;
  let limit = Math.max(1, Math.floor(wanted.length / 3)) + 1;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance < limit) {
      best = name;
      limit = distance;
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
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
