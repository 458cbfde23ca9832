/**
 * What the site's Try it proxy (server/apiProxy.mjs) may forward: every operation of the four descriptions
 * as `[METHOD, path template]`, and its default upstreams, the descriptions' sandbox server and token URL.
 * The build writes it into the gate manifest, so the server needs no description at run time.
 */
import { API_NAMES, isObject, operationsOf, type JsonObject } from './descriptions';

export interface ApiProxyTable {
  readonly apiUrl: string;
  readonly tokenUrl: string;
  readonly routes: readonly (readonly [string, string])[];
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

/** @param descriptions the dereferenced descriptions, by API name */
export function apiProxyTable(descriptions: Readonly<Record<(typeof API_NAMES)[number], JsonObject>>): ApiProxyTable {
  const servers = new Set(API_NAMES.map((api) => sandboxServer(descriptions[api])));
  const tokenUrls = new Set(API_NAMES.map((api) => tokenUrlOf(descriptions[api])));
  if (servers.size !== 1 || tokenUrls.size !== 1) {
    throw new Error('the API descriptions disagree on the sandbox server or the token URL');
  }
  const routes = API_NAMES.flatMap((api) =>
    operationsOf(api, descriptions[api]).map(({ method, path }) => [method, path] as const),
  );
  return { apiUrl: [...servers][0], tokenUrl: [...tokenUrls][0], routes };
}
