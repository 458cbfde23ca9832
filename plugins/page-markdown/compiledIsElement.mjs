// @ts-check
/**
 * `hast-util-is-element`'s `isElement` with a list of tag names compiled once, not on every call, for
 * `hast-util-minify-whitespace`. `hast-util-to-mdast` runs that on every page the build writes as Markdown, and it asks
 * `isElement(node, blocks)` of each node with its module's constant lists of names (`blocks` holds 58); `isElement`
 * turns such a list into a closure per name on every call: 11 % of the time the build's workers spent reading the
 * site's 184 built pages (profiled). Here a list of names becomes one `Set` the first time it is asked about; any
 * other test goes to `isElement` as it is. The answers are `isElement`'s (its checks of `index` and `parent` too).
 *
 * The workers that read the built pages (plugins/lib/builtPagesWorker.mjs) give this module to
 * `hast-util-minify-whitespace` in place of `hast-util-is-element` with {@link resolveCompiledIsElement}, a module
 * resolution hook (`module.registerHooks`); nothing else is redirected.
 */
import { isElement as isElementOf } from 'hast-util-is-element';

export { convertElement } from 'hast-util-is-element';

/**
 * Each list of names met, compiled, by the list itself: `hast-util-minify-whitespace`'s lists are module constants,
 * never changed.
 * @type {WeakMap<readonly unknown[], (element: { readonly tagName: string }) => boolean>}
 */
const compiledLists = new WeakMap();

/**
 * @param {import('hast-util-is-element').Test} test
 * @returns {import('hast-util-is-element').Test}
 */
function compiled(test) {
  if (!Array.isArray(test) || !test.every((item) => typeof item === 'string')) return test;
  let check = compiledLists.get(test);
  if (!check) {
    const names = new Set(test);
    check = (element) => names.has(element.tagName);
    compiledLists.set(test, check);
  }
  return check;
}

/**
 * `isElement` of `hast-util-is-element`, with a list of names compiled once.
 * @param {unknown} element
 * @param {import('hast-util-is-element').Test} [test]
 * @param {number | null} [index]
 * @param {Parameters<typeof isElementOf>[3]} [parent]
 * @param {unknown} [context]
 * @returns {boolean}
 */
function isElementCompiled(element, test, index, parent, context) {
  return isElementOf(element, compiled(test), index, parent, context);
}

export const isElement = /** @type {typeof isElementOf} */ (isElementCompiled);

const THIS_MODULE = import.meta.url;
/** Where `hast-util-minify-whitespace`'s modules are (its `lib/`), in any node_modules. */
const MINIFY_WHITESPACE = /\/node_modules\/hast-util-minify-whitespace\//;

/**
 * A resolve hook for `module.registerHooks`: `hast-util-minify-whitespace`'s import of `hast-util-is-element` is this
 * module; every other import is resolved as before.
 * @type {import('node:module').ResolveHookSync}
 */
export function resolveCompiledIsElement(specifier, context, nextResolve) {
  if (specifier === 'hast-util-is-element' && MINIFY_WHITESPACE.test(context.parentURL ?? '')) {
    return { url: THIS_MODULE, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
