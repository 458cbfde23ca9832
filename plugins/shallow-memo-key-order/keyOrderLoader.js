/**
 * theme-common's `useShallowMemoObject` puts an object's keys in order with `localeCompare`. The first
 * `localeCompare` of a page loads the browser's collation data (60-110 ms of one task at 4x CPU), and the first
 * code block of every docs page calls it while the page hydrates (`useCodeWordWrap` -> `useMutationObserver`).
 * The order only has to be the same from one render to the next, so code-unit order does as well: same keys,
 * same order, no collation data.
 */

/** What the hook sorts with, in theme-common's `lib/utils/reactUtils.js`. */
const COLLATED_SORT = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';

/** The same sort in code-unit order. */
const CODE_UNIT_SORT = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

/** `source` with the hook's sort in code-unit order, or null when the sort is not there once, as expected. */
function inCodeUnitOrder(source) {
  const at = source.indexOf(COLLATED_SORT);
  if (at === -1 || source.indexOf(COLLATED_SORT, at + 1) !== -1) return null;
  return source.replace(COLLATED_SORT, CODE_UNIT_SORT);
}

/** The loader (webpack and Rspack), set on theme-common's reactUtils.js only. */
module.exports = function keyOrderLoader(source) {
  const sorted = inCodeUnitOrder(source);
  if (sorted === null) {
    this.emitWarning(
      new Error(
        `keyOrderLoader: theme-common's useShallowMemoObject no longer sorts with \`${COLLATED_SORT}\`; ` +
          'check whether it still uses localeCompare (if not, remove plugins/shallow-memo-key-order)',
      ),
    );
    return source;
  }
  return sorted;
};
module.exports.inCodeUnitOrder = inCodeUnitOrder;
module.exports.COLLATED_SORT = COLLATED_SORT;
module.exports.CODE_UNIT_SORT = CODE_UNIT_SORT;
