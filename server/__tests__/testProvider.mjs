// @ts-check
/**
 * An OpenID provider's key publishing on loopback, for the gate's tests: the discovery document at the
 * standard address and the key set where the site's provider serves it (`/connect/jwks`), keys made
 * with jose, counters and switches for the tests. Tokens are signed with the same keys.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';

import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * @typedef {object} SigningKey
 * @property {string} kid
 * @property {string} alg
 * @property {CryptoKey} privateKey
 * @property {CryptoKey} publicKey
 * @property {import('jose').JWK} publicJwk what the provider publishes
 */

/**
 * @param {string} kid
 * @param {string} [alg]
 * @returns {Promise<SigningKey>}
 */
export async function signingKey(kid, alg = 'RS256') {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicKey, publicJwk };
}

/**
 * A provider on loopback, publishing `keys`: on a free port of 127.0.0.1, or at `issuer` (an `http://` URL of a
 * loopback host and port, such as the issuer a build's gate manifest names: scripts/bench/server.mjs).
 * @param {{ keys: SigningKey[], issuer?: string }} options
 */
export async function startProvider({ keys, issuer }) {
  const provider = {
    issuer: '',
    /** @type {import('jose').JWK[]} */
    publishedKeys: keys.map((key) => key.publicJwk),
    /** @type {'ok' | 'error' | 'not-json'} */
    discoveryAnswer: 'ok',
    /** @type {'ok' | 'error'} */
    keySetAnswer: 'ok',
    /** @type {string | undefined} an issuer the discovery document claims instead of its own */
    claimedIssuer: undefined,
    discoveryRequests: 0,
    keySetRequests: 0,
    close: async () => {},
  };
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      provider.discoveryRequests++;
      if (provider.discoveryAnswer === 'error') return void response.writeHead(500).end('Internal Server Error');
      if (provider.discoveryAnswer === 'not-json') {
        return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
      }
      const document = {
        issuer: provider.claimedIssuer ?? provider.issuer,
        jwks_uri: `${provider.issuer}/connect/jwks`,
        id_token_signing_alg_values_supported: ['RS256', 'ES256'],
      };
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(document));
    }
    if (request.url === '/connect/jwks') {
      provider.keySetRequests++;
      if (provider.keySetAnswer === 'error') return void response.writeHead(500).end();
      const keySet = JSON.stringify({ keys: provider.publishedKeys });
      return void response.writeHead(200, { 'Content-Type': 'application/jwk-set+json' }).end(keySet);
    }
    response.writeHead(404).end();
  });
  const at = issuer === undefined ? undefined : new URL(issuer);
  server.listen(at ? Number(at.port) : 0, at ? at.hostname : '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  provider.issuer = issuer ?? `http://127.0.0.1:${port}`;
  provider.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return provider;
}

/**
 * A token signed with `key`: by default a valid ID token of `issuer` for `clientId`, issued a minute before
 * `nowSeconds`. A claim set to undefined is left out.
 * @param {SigningKey} key
 * @param {string} issuer
 * @param {{ clientId: string, nowSeconds?: number, claims?: Record<string, unknown>, header?: Record<string, unknown> }} options
 */
export function signIdToken(
  key,
  issuer,
  { clientId, nowSeconds = Math.floor(Date.now() / 1000), claims = {}, header = {} },
) {
  const payload = {
    iss: issuer,
    aud: clientId,
    sub: 'reader-42',
    iat: nowSeconds - 60,
    exp: nowSeconds + 3600,
    nonce: 'n-0S6_WzA2Mj',
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, ...header }).sign(key.privateKey);
}
