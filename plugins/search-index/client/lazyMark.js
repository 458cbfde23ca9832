/**
 * mark.js as the search theme uses it (`new Mark(article)`, then `unmark()` and `mark(terms)` on every
 * page), loaded only when there is something to highlight: a visit from a search result. The theme
 * imports mark.js into the main bundle (5.6 KiB gzip on every page's first load); this file takes its
 * place there (see ../index.ts), and mark.js becomes a chunk of its own.
 *
 * Nothing is marked before mark.js has loaded, so `unmark()` has nothing to undo until then; once it
 * is loading, every call waits for it, in the order made.
 */

/** @type {Promise<typeof import('mark.js')> | null} */
let markJs = null;

function loadMarkJs() {
  markJs ??= import('mark.js').then((module) => module.default ?? module);
  return markJs;
}

export default class LazyMark {
  /** @param {HTMLElement} context */
  constructor(context) {
    this.context = context;
  }

  /** @param {unknown} [options] */
  unmark(options) {
    markJs?.then((Mark) => new Mark(this.context).unmark(options));
  }

  /**
   * @param {string | string[]} keywords
   * @param {unknown} [options]
   */
  mark(keywords, options) {
    loadMarkJs().then((Mark) => new Mark(this.context).mark(keywords, options));
  }
}
