// @ts-check
/**
 * `/health.json` for load balancers and monitors: the build's facts (plugins/health-json writes them:
 * version, commit, build time) and whether the gate can admit signed-in readers. It answers 503 when it
 * cannot: the gate has no usable keys from the identity provider (never fetched, or not refreshed for 10
 * minutes because the provider cannot be reached), so every protected page would be refused. Never cached.
 *
 *   200 {"status":"ok","version":"1.0.0",…,"gate":{"state":"ready","keysAgeSeconds":42}}
 *   503 {"status":"unavailable",…,"gate":{"state":"no-keys","keysAgeSeconds":null,"problem":"the provider could not be reached (discovery document)"}}
 */

/** The file the build writes, relative to the build directory; served at the base URL plus this path. */
export const HEALTH_FILE = 'health.json';

/**
 * @param {import('./gate/accessPolicy.mjs').AccessPolicy} policy
 * @param {import('./app.mjs').ReadAsset} readAsset
 * @param {boolean} head a HEAD request: the status and headers only
 * @returns {Promise<Response>}
 */
export async function healthResponse(policy, readAsset, head) {
  const file = await readAsset(HEALTH_FILE);
  /** @type {Record<string, unknown>} */
  let build = {};
  if (file) {
    const parsed = await new Response(file.open()).json().catch(() => undefined);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) build = parsed;
  }
  const gate = await policy.health();
  const healthy = gate.state !== 'no-keys';
  const body = JSON.stringify({ ...build, status: healthy ? 'ok' : 'unavailable', gate });
  return new Response(head ? null : body, {
    status: healthy ? 200 : 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
