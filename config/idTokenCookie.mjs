// @ts-check
/**
 * The name of the cookie that proves sign-in to the gate, defined once for both sides: the browser writes
 * it (src/auth/idTokenCookie.ts), the gate reads it (server/gate). Plain JavaScript without imports, so
 * that the server on Node, the Worker and the site's bundle all load this same file.
 *
 * Over https at base URL `/`, the name carries the `__Host-` prefix: the browser then accepts the cookie
 * only from this exact host, with `Secure` and `Path=/`, so a sibling subdomain cannot plant one.
 * (Elsewhere the prefix cannot be used: it requires https and `Path=/`.)
 */

/** The cookie's name without a prefix, as the build's gate manifest states it (`cookieName`). */
export const ID_TOKEN_COOKIE = 'docs_id_token';

const HOST_PREFIX = '__Host-';

/**
 * The name the browser writes.
 * @param {{ baseUrl: string, https: boolean, name?: string }} site `https`: the page's protocol is https
 */
export function idTokenCookieName({ baseUrl, https, name = ID_TOKEN_COOKIE }) {
  return https && baseUrl === '/' ? `${HOST_PREFIX}${name}` : name;
}

/**
 * The names the gate reads, the one it trusts most first. Over https it reads only the name the browser
 * writes there. Over plain http it also reads the `__Host-` name, which only an https page of this very
 * host can have set: behind a TLS-terminating proxy that does not say the request came over https, the
 * reader's cookie still works.
 * @param {{ baseUrl: string, https: boolean, name?: string }} site `https`: the request came over https
 * @returns {string[]}
 */
export function idTokenCookieNamesToRead({ baseUrl, https, name = ID_TOKEN_COOKIE }) {
  const written = idTokenCookieName({ baseUrl, https, name });
  if (https) return [written];
  const secure = idTokenCookieName({ baseUrl, https: true, name });
  return secure === written ? [written] : [secure, written];
}
