/**
 * Whether the server's gate sent this page to a reader whose cookie it verified, so that a protected
 * page can show its content at first paint while the browser confirms the session in the background.
 *
 * The sign is two facts read before the body is parsed, by an inline script the build writes into every
 * page's <head> (`gateAdmissionScript`): the navigation's response carried the gate's `Server-Timing` entry
 * (config/gateAdmission.mjs), which a static host or `npm start` never sends; and the page can still
 * see the gate's cookie, which expires with the ID token and is removed at sign-out, so a copy from the
 * back/forward cache after sign-out or expiry is not shown. The script marks `<html>` with
 * `GATE_ADMITTED_ATTRIBUTE`; ProtectedPageContent's stylesheet shows the content while the mark is
 * there, and its component takes over once hydrated and removes the mark.
 *
 * What faking the sign could do: it only shows text that is already in the HTML the browser holds.
 * Without the gate (development, a static copy) the content is in the prerendered HTML anyway; behind
 * the gate a page without a valid cookie is never sent (the reader gets the sign-in shell). A header
 * cannot be set by another site, and a cookie planted without a valid token fails the background check,
 * which conceals the page and starts the sign-in.
 */

/** Set on `<html>` by the inline script; ProtectedPageContent/styles.module.css names it too. */
export const GATE_ADMITTED_ATTRIBUTE = 'data-gate-admitted';

export interface GateSigns {
  /** The `Server-Timing` entry the gate adds. */
  readonly timing: { readonly name: string; readonly description: string };
  /** The names the gate's cookie may have. */
  readonly cookieNames: readonly string[];
  readonly attribute: string;
}

/**
 * Marks `<html>` when the sign is there. Runs as an inline script, so it uses nothing but its argument
 * and the browser's globals; any failure leaves the page concealed (the client-side check decides).
 */
export function markGateAdmission(signs: GateSigns): void {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const timings = (entry && entry.serverTiming) || [];
    const sent = timings.some((t) => t.name === signs.timing.name && t.description === signs.timing.description);
    const cookies = document.cookie.split(/;\s*/);
    const hasCookie = cookies.some((pair) =>
      signs.cookieNames.some((name) => pair.indexOf(name + '=') === 0 && pair.length > name.length + 1),
    );
    if (sent && hasCookie) document.documentElement.setAttribute(signs.attribute, '');
  } catch {
    // An old browser without the timing API: the client-side check stays the gate.
  }
}

/**
 * The inline script's text for the gate's signs (the build's Content-Security-Policy allows it by hash). The
 * build passes the gate's `Server-Timing` entry and cookie names (config/gateAdmission.mjs,
 * config/idTokenCookie.mjs): plugins/protected-content/gateAdmission.ts.
 */
export function gateAdmissionScript(signs: Omit<GateSigns, 'attribute'>): string {
  const all: GateSigns = { ...signs, attribute: GATE_ADMITTED_ATTRIBUTE };
  return `(${markGateAdmission.toString()})(${JSON.stringify(all)});`;
}
