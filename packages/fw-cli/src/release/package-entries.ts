/**
 * The entry points a package's package.json names (`main`, every file target of `exports`) that
 * its packed files lack. A workspace package is linked, not installed: its `dist/` exists only
 * once it has been built, and `npm pack` silently lists what is there, so a release of an
 * unbuilt workspace package would copy a package.json pointing at nothing and fail at start.
 */

/** Package-relative paths of the entries `manifest` names that are not among `files`. */
export function missingEntries(manifest: Readonly<Record<string, unknown>>, files: readonly string[]): string[] {
  const packed = new Set(files.map(normalise));
  const entries = new Set<string>();
  if (typeof manifest['main'] === 'string') entries.add(normalise(manifest['main']));
  collectTargets(manifest['exports'], entries);
  return [...entries].filter((entry) => !packed.has(entry));
}

// Conditions nest (`{".": {"types": ..., "default": ...}}`); a pattern (`./*`) names no one file.
function collectTargets(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.startsWith('./') && !value.includes('*')) into.add(normalise(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectTargets(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectTargets(item, into);
  }
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}
