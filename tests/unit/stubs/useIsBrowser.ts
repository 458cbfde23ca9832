/** Unit tests render in a browser-like environment (jsdom), after hydration. */
export default function useIsBrowser(): boolean {
  return true;
}
