/**
 * The theme's CodeBlock re-mounts every code block once the page has hydrated (its `key` is the
 * `useIsBrowser()` flag), so that a reader in dark mode gets the dark Prism colours: the prerendered HTML
 * always has the light ones, and hydration does not correct inline styles. In light mode the first render
 * is already right, and the re-mount only throws away and rebuilds every highlighted line (100 ms and more
 * at 4x CPU on an endpoint page). So the key changes only where the colours do.
 */
export function sampleRenderKey(isBrowser: boolean, colorMode: 'light' | 'dark'): string {
  return isBrowser && colorMode === 'dark' ? 'browser-dark' : 'as-prerendered';
}
