import type { OktaAuthOptions } from '@okta/okta-auth-js/core';
import type { AuthSettings } from '@site/config/settings';
import { CALLBACK_PATH } from './protectedPaths';
import type { SiteLocation } from './redirectTarget';

/** The identity provider's endpoints: the issuer plus the standard `/connect/*` paths. */
export function providerEndpoints(issuer: string) {
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizeUrl: `${issuer}/connect/authorize`,
    tokenUrl: `${issuer}/connect/token`,
    userinfoUrl: `${issuer}/connect/userinfo`,
    revokeUrl: `${issuer}/connect/revocation`,
    logoutUrl: `${issuer}/connect/endsession`,
  } as const;
}

/**
 * Options for okta-auth-js against a standard OpenID provider. The URLs are given explicitly:
 * without them the SDK would build Okta-style paths. Redirect URIs come from the page's origin,
 * so one build serves any host.
 */
export function buildOktaAuthOptions(settings: AuthSettings, site: SiteLocation): OktaAuthOptions {
  const { discoveryUrl: _discovery, ...endpoints } = providerEndpoints(settings.issuer);
  return {
    issuer: settings.issuer,
    clientId: settings.clientId,
    ...endpoints,
    redirectUri: `${site.origin}${site.baseUrl}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${site.origin}${site.baseUrl}`,
    scopes: [...settings.scopes],
    responseType: 'code',
    pkce: true,
    codeChallengeMethod: 'S256',
    // okta-auth-js's dev mode prints every token object to the console; the site's own
    // diagnostics (`authLog`, OIDC_DEBUG) never print a token, code or verifier.
    devMode: false,
    maxClockSkew: 300,
    tokenManager: {
      storage: 'localStorage',
      autoRenew: true,
      autoRemove: true,
      expireEarlySeconds: 30,
      syncStorage: true,
    },
    services: { autoRenew: true, autoRemove: true, syncStorage: true },
    // By default okta-auth-js copies every transaction (state, nonce, PKCE verifier) into
    // localStorage for 30 minutes, so that another tab could finish it. Not here: it stays in this
    // tab's sessionStorage and is removed on every failure.
    transactionManager: { enableSharedStorage: false },
  };
}
