// @ts-check
/**
 * A check before `mdast-util-to-markdown` escapes a text: most texts of the site's pages need no escape at all, and
 * the library's `safe` finds that out the long way (each of its 40-odd unsafe patterns tested against the stack of
 * constructs and run as a regular expression over the text: 15 % of the time the build's workers spent reading the
 * site's 184 built pages, profiled). {@link couldBeEscaped} asks only the patterns whose character is in the text,
 * exactly as `safe` does; when none of them matches inside the text (and it holds no backslash), `safe` would give
 * the text back as it is, so it is given back without asking `safe`. Otherwise `safe` does all the work as before.
 * The Markdown is the same, byte for byte, on every page of the site (and on generated texts in the tests).
 *
 * @typedef {import('mdast-util-to-markdown').State} State
 * @typedef {import('mdast-util-to-markdown').SafeConfig} SafeConfig
 * @typedef {import('mdast-util-to-markdown').Unsafe} Unsafe
 * @typedef {import('mdast-util-to-markdown').ConstructName} ConstructName
 */

/**
 * The unsafe patterns of a serialization by their character, for each list of patterns met (one per serialization;
 * its extensions are added before the tree is walked). `null`: a pattern's character is more than one character,
 * which the check does not handle: `safe` is always asked.
 * @type {WeakMap<readonly Unsafe[], { readonly count: number, readonly byCharacter: Map<string, Unsafe[]> } | null>}
 */
const patternsByCharacter = new WeakMap();

/** @param {readonly Unsafe[]} unsafe */
function indexOf(unsafe) {
  let index = patternsByCharacter.get(unsafe);
  if (index === undefined) {
    /** @type {Map<string, Unsafe[]>} */
    const byCharacter = new Map();
    for (const pattern of unsafe) {
      const patterns = byCharacter.get(pattern.character) ?? [];
      patterns.push(pattern);
      byCharacter.set(pattern.character, patterns);
    }
    index = unsafe.every((pattern) => pattern.character.length === 1) ? { count: unsafe.length, byCharacter } : null;
    patternsByCharacter.set(unsafe, index);
  }
  return index;
}

/**
 * `mdast-util-to-markdown`'s `listInScope`: whether the stack holds one of `list` (`none` for an empty list).
 * @param {readonly ConstructName[]} stack
 * @param {ConstructName | readonly ConstructName[] | null | undefined} list
 * @param {boolean} none
 */
function listInScope(stack, list, none) {
  const names = typeof list === 'string' ? [list] : list;
  if (!names || names.length === 0) return none;
  return names.some((name) => stack.includes(name));
}

/**
 * `mdast-util-to-markdown`'s `nodeInScope`.
 * @param {Unsafe['beforeNode']} types
 * @param {SafeConfig['beforeNode']} node
 */
function nodeInScope(types, node) {
  if (!types) return true;
  if (!node) return false;
  return typeof types === 'string' ? types === node.type : types.includes(node.type);
}

/**
 * Whether `safe` could change `input`: some pattern in scope (`safe`'s tests of the stack and the nodes beside)
 * matches at one of its characters, or it holds a backslash. False only when `safe(state, input, config)` is `input`.
 * @param {State} state
 * @param {string} input
 * @param {SafeConfig} config
 * @returns {boolean}
 */
export function couldBeEscaped(state, input, config) {
  const index = indexOf(state.unsafe);
  if (index === null || index.count !== state.unsafe.length) return true;
  const before = config.before ?? '';
  const after = config.after ?? '';
  if (input.includes('\\') || after.includes('\\')) return true;
  // As `safe` reads it: the characters before and after are the context of the patterns, and a match counts only
  // where its character is in the input.
  const value = before + input + after;
  const start = before.length;
  const end = start + input.length;
  /** @type {Set<string>} */
  const asked = new Set();
  for (const character of input) {
    if (asked.has(character)) continue;
    asked.add(character);
    for (const pattern of index.byCharacter.get(character) ?? []) {
      if (
        !listInScope(state.stack, pattern.inConstruct, true) ||
        listInScope(state.stack, pattern.notInConstruct, false)
      ) {
        continue;
      }
      if (!nodeInScope(pattern.beforeNode, config.beforeNode) || !nodeInScope(pattern.afterNode, config.afterNode)) {
        continue;
      }
      // Anchored to the node beside: `safe` matches these on part of the value; it is asked.
      if (pattern.beforeNode || pattern.afterNode) return true;
      if (matchesWithin(state.compilePattern(pattern), pattern, value, start, end)) return true;
    }
  }
  return false;
}

/**
 * Whether `expression` (the compiled `pattern`, global) matches `value` with its character between `start` and
 * `end`. Every index a match can start at is tried, overlapping matches too: at least every match `safe` finds (its
 * 2.2.3 goes on after each match, its 2.2.5 from the character matched). The expression is shared with `safe`, so it is
 * left at index 0.
 * @param {RegExp} expression
 * @param {Unsafe} pattern
 * @param {string} value
 * @param {number} start
 * @param {number} end
 */
function matchesWithin(expression, pattern, value, start, end) {
  const hasBefore = Boolean(pattern.before || pattern.atBreak);
  let found = false;
  expression.lastIndex = 0;
  /** @type {RegExpExecArray | null} */
  let match;
  while (!found && (match = expression.exec(value))) {
    const position = match.index + (hasBefore ? (match[1]?.length ?? 0) : 0);
    found = position >= start && position < end;
    expression.lastIndex = match.index + 1;
  }
  expression.lastIndex = 0;
  return found;
}

/**
 * Gives `state.safe` the check: a text that {@link couldBeEscaped} clears is given back as it is, any other goes to
 * `safe`. Called once per serialization, by the handler of its root (plugins/page-markdown/htmlToMarkdown.mjs).
 * @param {State} state
 */
export function checkBeforeEscaping(state) {
  const safe = state.safe;
  state.safe = (input, config) => {
    const text = input ?? '';
    return couldBeEscaped(state, text, config) ? safe.call(state, input, config) : text;
  };
}
