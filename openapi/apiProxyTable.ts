/**
 * What the site's Try it proxy (server/apiProxy.mjs) may forward: every operation of the four descriptions (v1),
 * and of each later version's (Trading API v2, under `/v2`), with what it lets through (the header parameters going out; the media types and headers of the responses
 * coming back), and its default upstreams, the descriptions' sandbox server and token URL. The build writes
 * it into the gate manifest, so the server needs no description at run time.
 */
import {
  API_NAMES,
  apisIn,
  isObject,
  operationsOf,
  type ApiName,
  type ApiVersion,
  type BundledDescriptions,
  type JsonObject,
} from './descriptions';

interface ApiProxyRoute {
  /** In upper case. */
  readonly method: string;
  /** The path template below the API URL, e.g. `/orders/equity/{orderId}`. */
  readonly path: string;
  /** The media types of the operation's responses, e.g. `application/json`: the only ones passed back. */
  readonly mediaTypes: readonly string[];
  /** The header parameters of the operation, in lower case (`idempotency-key`). */
  readonly requestHeaders: readonly string[];
  /** The headers its responses name, in lower case (`x-request-id`, `location`). */
  readonly responseHeaders: readonly string[];
}

export interface ApiProxyTable {
  /** v1's sandbox server, e.g. `https://sandbox.api.clearing.example/v1`. */
  readonly apiUrl: string;
  readonly tokenUrl: string;
  /** v1's operations, below `apiUrl`. */
  readonly routes: readonly ApiProxyRoute[];
  /**
   * Each later version's operations, by version (`v2`): below `apiUrl` with its last segment `/v1` replaced by
   * the version, as the version's descriptions name their sandbox server.
   */
  readonly versions: Readonly<
    Partial<Record<Exclude<ApiVersion, 'v1'>, { readonly routes: readonly ApiProxyRoute[] }>>
  >;
}

/** The server a description marks as the sandbox (its description starts with "Sandbox"). */
function sandboxServer(description: JsonObject): string {
  const servers = Array.isArray(description.servers) ? description.servers.filter(isObject) : [];
  const sandbox = servers.find((server) => /^sandbox\b/i.test(String(server.description ?? '')));
  if (typeof sandbox?.url !== 'string') throw new Error('an API description lists no server described as "Sandbox"');
  return sandbox.url;
}

function tokenUrlOf(description: JsonObject): string {
  const components = isObject(description.components) ? description.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const scheme of Object.values(schemes).filter(isObject)) {
    const flows = isObject(scheme.flows) ? scheme.flows : {};
    const flow = isObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
    if (typeof flow?.tokenUrl === 'string') return flow.tokenUrl;
  }
  throw new Error('an API description has no client-credentials token URL');
}

const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort();

/** One operation (dereferenced) as the proxy sees it. */
function routeOf(method: string, path: string, definition: JsonObject): ApiProxyRoute {
  const parameters = Array.isArray(definition.parameters) ? definition.parameters.filter(isObject) : [];
  const responses = Object.values(isObject(definition.responses) ? definition.responses : {}).filter(isObject);
  return {
    method,
    path,
    mediaTypes: sorted(
      responses.flatMap((response) => Object.keys(isObject(response.content) ? response.content : {})),
    ),
    requestHeaders: sorted(
      parameters
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => String(parameter.name).toLowerCase()),
    ),
    responseHeaders: sorted(
      responses.flatMap((response) =>
        Object.keys(isObject(response.headers) ? response.headers : {}).map((name) => name.toLowerCase()),
      ),
    ),
  };
}

/** The routes of the given APIs' operations. */
const routesOf = (apis: readonly ApiName[], descriptions: Readonly<Partial<Record<ApiName, JsonObject>>>) =>
  apis.flatMap((api) =>
    operationsOf(api, descriptions[api] as JsonObject).map(({ method, path, definition }) =>
      routeOf(method, path, definition),
    ),
  );

/** @param bundled the bundled descriptions (`bundleDescriptions()`): v1's and each later version's, dereferenced */
export function apiProxyTable(bundled: Pick<BundledDescriptions, 'dereferenced' | 'later'>): ApiProxyTable {
  const descriptions = bundled.dereferenced;
  const servers = new Set(API_NAMES.map((api) => sandboxServer(descriptions[api])));
  const tokenUrls = new Set(API_NAMES.map((api) => tokenUrlOf(descriptions[api])));
  if (servers.size !== 1 || tokenUrls.size !== 1) {
    throw new Error('the API descriptions disagree on the sandbox server or the token URL');
  }
  const apiUrl = [...servers][0];
  if (!/\/v1$/.test(apiUrl)) throw new Error(`v1's sandbox server ${apiUrl} does not end in /v1`);
  const versions = Object.fromEntries(
    Object.entries(bundled.later).map(([version, later]) => {
      const apis = apisIn(version as ApiVersion);
      for (const api of apis) {
        const server = sandboxServer(later.dereferenced[api] as JsonObject);
        if (server !== apiUrl.replace(/\/v1$/, `/${version}`)) {
          throw new Error(
            `the ${version} description of ${api} names the sandbox server ${server}, not ${apiUrl}'s /${version}`,
          );
        }
      }
      return [version, { routes: routesOf(apis, later.dereferenced) }];
    }),
  );
  return { apiUrl, tokenUrl: [...tokenUrls][0], routes: routesOf(API_NAMES, descriptions), versions };
}
