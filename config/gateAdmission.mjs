// @ts-check
/**
 * How a protected page tells the browser that the gate sent it, defined once for both sides: the gate
 * (server/app.mjs) adds this `Server-Timing` entry to a protected page it sent to a reader whose cookie it
 * verified; the page's inline script (contracts/auth/gateAdmission.ts) reads it from the navigation's timing
 * entry, which a static host or `npm start` never fills in. Plain JavaScript without imports, like
 * config/idTokenCookie.mjs, so that the server, the Worker and the site's bundle load this same file.
 */

/** The entry's name and description. */
export const GATE_TIMING = { name: 'gate', description: 'admitted' };

/** The header value: `gate;desc="admitted"`. */
export const GATE_ADMITTED_SERVER_TIMING = `${GATE_TIMING.name};desc="${GATE_TIMING.description}"`;
