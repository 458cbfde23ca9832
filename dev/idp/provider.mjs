// Development OpenID Connect identity provider for the documentation site, built on
// oidc-provider. For local development and tests only: demo users with published
// passwords, keys generated at start-up, everything kept in memory.
//
// settings.mjs       defaults, validation, the refusal to run beyond this machine
// listener.mjs       the loopback HTTP listener and its Host-header check
// configuration.mjs  the oidc-provider configuration and its middleware
import Provider from 'oidc-provider';

import { demoUsers } from './accounts.mjs';
import {
  consentForOfflineAccess,
  endSessionByPost,
  generateSigningJwk,
  providerConfiguration,
  publicPart,
  restrictCorsToSiteOrigins,
  ROUTES,
} from './configuration.mjs';
import { interactionRoutes } from './interactions.mjs';
import { jwtAccessTokenRoutes, MCP_INTROSPECTION_CLIENT } from './mcpResource.mjs';
import { closeServer, hostCheck, listenOnLoopback } from './listener.mjs';
import { resolveSettings } from './settings.mjs';
import { createTestControls } from './test-controls.mjs';

/**
 * Starts the development identity provider.
 *
 * @param {object} [options]
 * @param {number} [options.port=4000] 0 picks a free port.
 * @param {string} [options.issuer] defaults to http://localhost:<bound port>.
 * @param {string} [options.clientId='developer-docs']
 * @param {string[]|string} [options.siteOrigins=['http://localhost:3000']] array or comma-separated.
 * @param {string} [options.basePath='/'] the site's base URL path.
 * @param {string} [options.realm='developers'] required `realm` authorization parameter.
 * @param {number} [options.accessTokenTtl=3600] seconds.
 * @param {number} [options.idTokenTtl=3600] seconds.
 * @param {boolean} [options.testControls=false] enables /__test__/* and the mismatch user.
 * @param {string} [options.testControlsToken] the secret the test controls require (random when not given).
 * @param {boolean} [options.allowNonLoopback=false] runs with a non-loopback issuer, site origin or NODE_ENV=production.
 * @param {string} [options.nodeEnv] the NODE_ENV it runs under.
 * @param {string} [options.mcpScope='docs.read'] the scope of access tokens for an MCP server on this machine.
 * @param {number} [options.mcpAccessTokenTtl=600] seconds.
 * @returns {Promise<{ issuer: string, port: number, clientId: string, realm: string,
 *   mcpScope: string, mcpIntrospectionClient: { clientId: string, clientSecret: string },
 *   siteOrigins: string[], basePath: string, users: object[], testControls: boolean,
 *   testControlsToken: string | undefined, close: () => Promise<void> }>}
 */
export async function startIdentityProvider(options = {}) {
  const settings = resolveSettings(options);
  const users = demoUsers({ testControls: settings.testControls });

  // The issuer needs the real port, so listen first and plug the provider in after.
  let handle = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  let checked = (req, res) => handle(req, res);
  const { port, servers } = await listenOnLoopback((req, res) => checked(req, res), settings.port);
  const issuer = (settings.issuer ?? `http://localhost:${port}`).replace(/\/$/, '');
  checked = hostCheck((req, res) => handle(req, res), { issuer });

  const signingJwk = generateSigningJwk();
  // Settings the test controls may change while the provider runs.
  const defaults = {
    realm: settings.realm,
    accessTokenTtl: settings.accessTokenTtl,
    mcpAccessTokenTtl: settings.mcpAccessTokenTtl,
  };
  // Plus the MCP access-token lifetimes the test controls set for one client each (until reset).
  const runtime = { ...defaults, mcpClientTokenTtls: new Map() };
  const provider = new Provider(issuer, providerConfiguration(settings, { signingJwk, users, runtime }));
  const allowedOrigins = new Set(settings.siteOrigins);

  provider.use(restrictCorsToSiteOrigins(allowedOrigins));
  let testControlsToken;
  if (settings.testControls) {
    const controls = createTestControls({
      allowedOrigins,
      routes: ROUTES,
      runtime,
      defaults,
      token: settings.testControlsToken,
      generateForeignJwk: () => ({ ...publicPart(generateSigningJwk()), kid: signingJwk.kid }),
    });
    testControlsToken = controls.token;
    controls.middleware.forEach((middleware) => provider.use(middleware));
  }
  provider.use(jwtAccessTokenRoutes(provider, ROUTES, signingJwk));
  provider.use(endSessionByPost(ROUTES.end_session));
  provider.use(consentForOfflineAccess(ROUTES.authorization));
  provider.use(interactionRoutes(provider, users));
  handle = provider.callback();

  return {
    issuer,
    port,
    clientId: settings.clientId,
    realm: settings.realm,
    mcpScope: settings.mcpScope,
    mcpIntrospectionClient: MCP_INTROSPECTION_CLIENT,
    siteOrigins: settings.siteOrigins,
    basePath: settings.basePath,
    users: users.map(({ username, password, givenName, familyName }) => ({
      username,
      password,
      name: `${givenName} ${familyName}`,
    })),
    testControls: settings.testControls,
    testControlsToken,
    close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
  };
}
