// Interaction routes (sign-in form, automatic consent, cancel), mounted in front of
// oidc-provider's own routes, following the pattern of oidc-provider's example/ folder:
// read the pending interaction with provider.interactionDetails and hand the result
// back with provider.interactionFinished, which redirects to the authorization endpoint.
import { errors } from 'oidc-provider';

import { authenticate } from './accounts.mjs';
import { readFormBody } from './http-helpers.mjs';
import { errorPage, loginPage } from './pages.mjs';

const ROUTE = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/;

function renderHtml(ctx, status, html) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = html;
  ctx.set('Cache-Control', 'no-store');
}

/**
 * Stores the interaction result and sends the browser back to the authorization
 * endpoint (what provider.interactionFinished does, but through Koa's response).
 */
async function finish(provider, ctx, result, mergeWithLastSubmission) {
  const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission });
  ctx.status = 303;
  ctx.redirect(returnTo);
}

/**
 * Consent is granted without asking: the grant receives exactly what the
 * authorization request asked for (scopes, claims, resource scopes).
 */
async function grantConsent(provider, ctx, interaction) {
  const {
    prompt: { details },
    params,
    session,
  } = interaction;
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });

  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }

  const grantId = await grant.save();
  const consent = interaction.grantId ? {} : { grantId };
  await finish(provider, ctx, { consent }, true);
}

async function showInteraction(provider, ctx, interaction, users) {
  const { prompt, uid, params } = interaction;
  if (prompt.name === 'login') {
    renderHtml(ctx, 200, loginPage({ uid, clientId: params.client_id, users }));
  } else if (prompt.name === 'consent') {
    await grantConsent(provider, ctx, interaction);
  } else {
    renderHtml(
      ctx,
      400,
      errorPage({ error: 'unsupported_prompt', description: `prompt "${prompt.name}" is not supported` }),
    );
  }
}

async function submitLogin(provider, ctx, interaction, users) {
  const { username = '', password = '' } = await readFormBody(ctx.req);
  const user = authenticate(users, String(username), String(password));
  if (!user) {
    renderHtml(
      ctx,
      401,
      loginPage({
        uid: interaction.uid,
        clientId: interaction.params.client_id,
        users,
        username: String(username),
        error: 'The username or password is wrong. Use one of the demo users listed below.',
      }),
    );
    return;
  }
  await finish(provider, ctx, { login: { accountId: user.sub } }, false);
}

async function cancel(provider, ctx) {
  await finish(
    provider,
    ctx,
    {
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in.',
    },
    false,
  );
}

/** Koa middleware answering GET /interaction/:uid and POST .../login and .../abort. */
export function interactionRoutes(provider, users) {
  return async function interactions(ctx, next) {
    const match = ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    const route = `${ctx.method} ${action ?? 'show'}`;
    if (!['GET show', 'POST login', 'POST abort'].includes(route)) return next();

    try {
      const interaction = await provider.interactionDetails(ctx.req, ctx.res);
      if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction does not match the cookie');
      if (action && interaction.prompt.name !== 'login') {
        throw new errors.InvalidRequest('this interaction is not waiting for a sign-in');
      }
      if (route === 'GET show') await showInteraction(provider, ctx, interaction, users);
      if (route === 'POST login') await submitLogin(provider, ctx, interaction, users);
      if (route === 'POST abort') await cancel(provider, ctx);
    } catch (error) {
      if (!(error instanceof errors.OIDCProviderError)) throw error;
      // Expired or foreign interaction (e.g. a stale browser tab): explain, do not crash.
      renderHtml(
        ctx,
        error.statusCode ?? 400,
        errorPage({
          error: error.error ?? error.message,
          description: error.error_description,
        }),
      );
    }
    return undefined;
  };
}
