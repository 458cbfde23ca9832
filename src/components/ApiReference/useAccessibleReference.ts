import { useEffect, type RefObject } from 'react';
import { makeMenuButtonOperable } from './menuButton';

/**
 * Redoc's code samples scroll sideways but cannot take focus, so a keyboard user cannot scroll them
 * (WCAG 2.1.1): each becomes focusable.
 */
export function makeSamplesFocusable(root: ParentNode): void {
  within(root, 'pre:not([tabindex])').forEach((sample) => sample.setAttribute('tabindex', '0'));
}

/**
 * Redoc heads the parts of an operation (its h2): "Authorizations", "Request body schema", "Responses",
 * with h5, so the outline skips two levels. Assistive technology is told they are level 3.
 */
export function levelOperationParts(root: ParentNode): void {
  within(root, 'h5:not([aria-level])').forEach((heading) => heading.setAttribute('aria-level', '3'));
}

/** The elements under `root` that match `selector`, and `root` itself when it does. */
function within(root: ParentNode, selector: string): Element[] {
  const found = Array.from(root.querySelectorAll(selector));
  return root instanceof Element && root.matches(selector) ? [root, ...found] : found;
}

/**
 * What Redoc added since the last look, from the observer's records: only that is looked at, not the whole reference
 * again (Redoc draws it in dozens of passes; looking at all of it after each grew with the square of its size).
 */
export function addedElements(records: readonly MutationRecord[]): Element[] {
  const added = new Set<Element>();
  for (const record of records)
    record.addedNodes.forEach((node) => {
      if (node instanceof Element && node.isConnected) added.add(node);
    });
  // An element added inside another added one is looked at with it.
  return [...added].filter((element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) if (added.has(parent)) return false;
    return true;
  });
}

/**
 * Applies these and the phone menu button's fix (`makeMenuButtonOperable`) to what Redoc draws, as it
 * draws it (the reference is drawn in passes).
 */
export function useAccessibleReference(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const stops: (() => void)[] = [];
    const update = (parts: readonly ParentNode[]) => {
      for (const part of parts) {
        makeSamplesFocusable(part);
        levelOperationParts(part);
      }
      const stop = makeMenuButtonOperable(root);
      if (stop) stops.push(stop);
    };
    update([root]);
    const observer = new MutationObserver((records) => update(addedElements(records)));
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      stops.forEach((stop) => stop());
    };
  }, [container]);
}
