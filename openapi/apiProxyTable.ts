/**
 * What the site's Try it proxy (server/apiProxy.mjs) may forward: every operation of the four descriptions
 * with what it lets through (the header parameters going out; the media types and headers of the responses
 * coming back), and its default upstreams, the descriptions' sandbox server and token URL. The build writes
 * it into the gate manifest, so the server needs no description at run time.
 */
import { API_NAMES, isObject, operationsOf, type JsonObject } from './descriptions';

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
  readonly apiUrl: string;
  readonly tokenUrl: string;
  readonly routes: readonly ApiProxyRoute[];
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

/** @param descriptions the dereferenced descriptions, by API name */
export function apiProxyTable(descriptions: Readonly<Record<(typeof API_NAMES)[number], JsonObject>>): ApiProxyTable {
  const servers = new Set(API_NAMES.map((api) => sandboxServer(descriptions[api])));
  const tokenUrls = new Set(API_NAMES.map((api) => tokenUrlOf(descriptions[api])));
  if (servers.size !== 1 || tokenUrls.size !== 1) {
    throw new Error('the API descriptions disagree on the sandbox server or the token URL');
  }
  const routes = API_NAMES.flatMap((api) =>
    operationsOf(api, descriptions[api]).map(({ method, path, definition }) => routeOf(method, path, definition)),
  );
  return { apiUrl: [...servers][0], tokenUrl: [...tokenUrls][0], routes };
}
