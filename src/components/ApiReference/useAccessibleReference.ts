import { useEffect, type RefObject } from 'react';

/**
 * Redoc's code samples scroll sideways but cannot take focus, so a keyboard user cannot scroll them
 * (WCAG 2.1.1). This makes every sample focusable as Redoc renders or re-renders it.
 */
export function useFocusableSamples(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const update = () => {
      root.querySelectorAll('pre:not([tabindex])').forEach((sample) => sample.setAttribute('tabindex', '0'));
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container]);
}
