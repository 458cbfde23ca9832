#!/usr/bin/env node
/**
 * `npm start` and `npm run serve`: runs the site together with the development identity provider
 * (dev/idp), so that sign-in works on a fresh machine with no account anywhere.
 *
 *   node scripts/run-with-idp.mjs start   # docusaurus start (live reload)
 *   node scripts/run-with-idp.mjs serve   # production build (built and precompressed first when missing),
 *                                         # served by the production server (server/cli.mjs), whose Try it
 *                                         # proxy sends to the local sandbox unless SANDBOX_API_URL says otherwise
 *
 * Both start the local API sandbox (sandbox/, SANDBOX_PORT, default 4020) too, so that the quick start and
 * Try it work with no credentials.
 *
 * When OIDC_ISSUER (environment or .env) names another provider, the development provider is not
 * started and the site uses that one.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { config as loadDotenv } from 'dotenv';

import { precompressDirectory } from '../plugins/precompress/precompress.mjs';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

loadDotenv({ quiet: true });

const mode = process.argv[2];
if (mode !== 'start' && mode !== 'serve') {
  console.error('Usage: node scripts/run-with-idp.mjs start|serve');
  process.exit(2);
}

const env = { ...process.env };
const siteUrl = new URL(env.SITE_URL || 'http://localhost:3000');
const sitePort = siteUrl.port || '3000';
const idpPort = env.IDP_PORT || '4000';
// The sandbox listens on 127.0.0.1 (sandbox/cli.mjs): the proxy sends there, not to whatever localhost resolves to.
const sandboxOrigin = `http://127.0.0.1:${env.SANDBOX_PORT || '4020'}`;
const devIssuer = `http://localhost:${idpPort}`;
env.OIDC_ISSUER ||= devIssuer;
const useDevProvider = env.OIDC_ISSUER.replace(/\/+$/, '') === devIssuer;
env.IDP_SITE_ORIGINS ||= siteUrl.origin;

const children = [];
let exiting = false;

function run(command, args, name) {
  const child = spawn(command, args, { env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (exiting) return;
    console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    shutdown(code ?? 1);
  });
  return child;
}

function shutdown(code) {
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

function docusaurus(args) {
  return ['node_modules/@docusaurus/core/bin/docusaurus.mjs', ...args];
}

if (useDevProvider) {
  run(process.execPath, ['dev/idp/cli.mjs'], 'The development identity provider');
} else {
  console.log(
    `Using the identity provider at ${env.OIDC_ISSUER} (OIDC_ISSUER); the development provider is not started.`,
  );
}

// The local API sandbox (sandbox/), for trying the docs' requests.
run(process.execPath, ['sandbox/cli.mjs'], 'The local sandbox');

if (mode === 'start') {
  run(
    process.execPath,
    docusaurus(['start', '--port', sitePort, '--host', siteUrl.hostname, '--no-open']),
    'The dev server',
  );
} else {
  // A build from before the protected deployment has no gate manifest, and the server refuses it.
  if (!existsSync('build/index.html') || !existsSync('build/gate-manifest.json')) {
    console.log('No production build with a gate manifest yet: building it first (npm run build).');
    const build = spawn(process.execPath, docusaurus(['build']), { env, stdio: 'inherit' });
    const code = await new Promise((resolve) => build.on('exit', resolve));
    if (code !== 0) shutdown(code ?? 1);
    await precompressDirectory('build');
  }
  // The Try it proxy's upstream: the sandbox started above, unless the environment names another one.
  if (!env.SANDBOX_API_URL) {
    env.SANDBOX_API_URL = `${sandboxOrigin}/v1`;
    env.SANDBOX_TOKEN_URL ||= `${sandboxOrigin}/connect/token`;
  }
  run(
    process.execPath,
    ['server/cli.mjs', '--dir', 'build', '--port', sitePort, '--host', siteUrl.hostname],
    'The production server',
  );
}
