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
 * Seconds before its expiry at which a token counts as expired: okta-auth-js's `expireEarlySeconds`
 * (its renewal starts then), and the same margin for the check that runs without it (`./storedSession`).
 */
export const EXPIRE_EARLY_SECONDS = 30;
