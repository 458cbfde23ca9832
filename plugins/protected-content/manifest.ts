/**
 * `gate-manifest.json`: what the gate (server/gate/accessPolicy.mjs) reads to decide who gets which
 * file of the build, and the settings it needs for that.
 */
import { ID_TOKEN_COOKIE, SIGN_IN_SHELL_FILE } from '../../config/protectedContent';
import { mcpResourceUrl } from '../../contracts/mcp/resource';
import type { ApiProxyTable } from '../../openapi/apiProxyTable';
import type { Access } from './classify';

export interface GateManifest {
  readonly version: 1;
  /** Starts and ends with `/`. */
  readonly baseUrl: string;
  /** Prefixes relative to the base URL, e.g. `/docs`. */
  readonly protectedPaths: readonly string[];
  readonly oidc: { readonly issuer: string; readonly clientId: string };
  readonly cookieName: string;
  /** Build-relative path of the page an anonymous reader of a protected page gets. */
  readonly shell: string;
  readonly contentSecurityPolicy: string;
  /** Every file of the build but the manifest and precompressed copies, build-relative with `/`. */
  readonly files: Readonly<Record<string, Access>>;
  /** The Try it proxy's default upstreams and the operations it forwards (server/apiProxy.mjs). */
  readonly apiProxy: ApiProxyTable;
  /**
   * The docs' MCP server as an OAuth protected resource (server/mcp/auth.mjs): its resource identifier, the
   * scope its access tokens carry, and the name an assistant shows the reader.
   */
  readonly mcp: { readonly resource: string; readonly scope: string; readonly resourceName: string };
}

export interface ManifestInput {
  readonly baseUrl: string;
  readonly protectedPaths: readonly string[];
  readonly issuer: string;
  readonly clientId: string;
  readonly contentSecurityPolicy: string;
  readonly files: ReadonlyMap<string, Access>;
  readonly apiProxy: ApiProxyTable;
  /** The site's origin, e.g. `https://docs.example.com`. */
  readonly siteUrl: string;
  readonly siteTitle: string;
  readonly mcpScope: string;
}

export function createGateManifest(input: ManifestInput): GateManifest {
  return {
    version: 1,
    baseUrl: input.baseUrl,
    protectedPaths: [...input.protectedPaths],
    oidc: { issuer: input.issuer, clientId: input.clientId },
    cookieName: ID_TOKEN_COOKIE,
    shell: SIGN_IN_SHELL_FILE,
    contentSecurityPolicy: input.contentSecurityPolicy,
    files: Object.fromEntries(input.files),
    apiProxy: input.apiProxy,
    mcp: {
      resource: mcpResourceUrl(input.siteUrl, input.baseUrl),
      scope: input.mcpScope,
      resourceName: input.siteTitle,
    },
  };
}
