// @ts-check
/**
 * The names closest to what a client asked for, to suggest when it names no page or operation: by edit distance
 * (case ignored), a name that contains the asked text, or is contained in it, first.
 */

/**
 * Levenshtein distance, two rows at a time.
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The `count` candidates closest to `asked`, each compared by the texts `keysOf` gives (its title, its path, …).
 * @template T
 * @param {string} asked
 * @param {readonly T[]} candidates
 * @param {(candidate: T) => readonly string[]} keysOf
 * @param {number} [count]
 * @returns {T[]}
 */
export function closest(asked, candidates, keysOf, count = 5) {
  const wanted = asked.toLowerCase();
  const scored = candidates.map((candidate) => {
    const scores = keysOf(candidate).map((key) => {
      const text = key.toLowerCase();
      if (!text || !wanted) return Number.POSITIVE_INFINITY;
      // Containment either way ranks before any edit: `equity order` finds `Place a single equity order`.
      if (text.includes(wanted) || wanted.includes(text)) return Math.abs(text.length - wanted.length) / 1000;
      return editDistance(wanted, text) / Math.max(wanted.length, text.length);
    });
    return { candidate, score: Math.min(...scores) };
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map(({ candidate }) => candidate);
}
