import { useEffect, type RefObject } from 'react';
import { makeMenuButtonOperable } from './menuButton';

/**
 * Redoc's code samples scroll sideways but cannot take focus, so a keyboard user cannot scroll them
 * (WCAG 2.1.1): each becomes focusable.
 */
export function makeSamplesFocusable(root: ParentNode): void {
  root.querySelectorAll('pre:not([tabindex])').forEach((sample) => sample.setAttribute('tabindex', '0'));
}

/**
 * Redoc heads the parts of an operation (its h2): "Authorizations", "Request body schema", "Responses",
 * with h5, so the outline skips two levels. Assistive technology is told they are level 3.
 */
export function levelOperationParts(root: ParentNode): void {
  root.querySelectorAll('h5:not([aria-level])').forEach((heading) => heading.setAttribute('aria-level', '3'));
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
    const update = () => {
      makeSamplesFocusable(root);
      levelOperationParts(root);
      const stop = makeMenuButtonOperable(root);
      if (stop) stops.push(stop);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      stops.forEach((stop) => stop());
    };
  }, [container]);
}
