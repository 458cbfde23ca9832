#!/usr/bin/env node
// Starts the development identity provider from environment variables
// (`npm run idp`). See dev/idp/README.md for the settings.
import { startIdentityProvider } from './provider.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

/** Reads the provider options from the environment; unset variables keep the defaults. */
function optionsFromEnv(env = process.env) {
  const value = (name) => (env[name]?.trim() ? env[name].trim() : undefined);
  return {
    port: value('IDP_PORT'),
    issuer: value('IDP_ISSUER'),
    clientId: value('OIDC_CLIENT_ID'),
    siteOrigins: value('IDP_SITE_ORIGINS'),
    basePath: value('BASE_URL'),
    realm: value('OIDC_REALM'),
    accessTokenTtl: value('IDP_ACCESS_TOKEN_TTL'),
    idTokenTtl: value('IDP_ID_TOKEN_TTL'),
    mcpScope: value('OIDC_MCP_SCOPE'),
    mcpAccessTokenTtl: value('IDP_MCP_ACCESS_TOKEN_TTL'),
    testControls: value('IDP_TEST_CONTROLS') === '1',
    testControlsToken: value('IDP_TEST_CONTROLS_TOKEN'),
    allowNonLoopback: value('IDP_ALLOW_NON_LOOPBACK') === '1',
    nodeEnv: value('NODE_ENV'),
  };
}

function banner(idp) {
  const widest = (key) => Math.max(...idp.users.map((user) => user[key].length));
  const row = (label, text) => `  ${`${label}:`.padEnd(15)} ${text}`;
  const lines = [
    'Development identity provider (for local development and tests only)',
    row('Issuer', idp.issuer),
    row('Discovery', `${idp.issuer}/.well-known/openid-configuration`),
    row('Client id', `${idp.clientId} (public client, PKCE S256)`),
    row('Realm', idp.realm),
    row('MCP clients', `register at ${idp.issuer}/connect/register; scope ${idp.mcpScope}, resource <site>/mcp`),
    row(
      'MCP server',
      `introspects as ${idp.mcpIntrospectionClient.clientId} / ${idp.mcpIntrospectionClient.clientSecret}`,
    ),
    row('Site', idp.siteOrigins.map((origin) => `${origin}${idp.basePath}`).join(', ')),
    row(
      'Test controls',
      idp.testControls
        ? `on (${idp.issuer}/__test__/, header X-Test-Controls-Token${process.env.IDP_TEST_CONTROLS_TOKEN ? ' from IDP_TEST_CONTROLS_TOKEN' : `: ${idp.testControlsToken}`})`
        : 'off',
    ),
    '  Demo users (username / password):',
    ...idp.users.map(
      (user) =>
        `    ${user.username.padEnd(widest('username'))}  /  ${user.password.padEnd(widest('password'))}  (${user.name})`,
    ),
    'Press Ctrl+C to stop.',
  ];
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)));
  return [rule, ...lines, rule].join('\n');
}

async function main() {
  let idp;
  try {
    idp = await startIdentityProvider(optionsFromEnv());
  } catch (error) {
    const hint =
      error.code === 'EADDRINUSE' ? ' (is the provider already running? set IDP_PORT to use another port)' : '';
    console.error(`Could not start the development identity provider: ${error.message}${hint}`);
    process.exit(1);
  }
  console.log(banner(idp));

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, stopping the development identity provider.`);
    await idp.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
