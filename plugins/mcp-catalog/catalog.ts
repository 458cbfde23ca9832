/**
 * The docs' MCP catalog (contracts/mcp/catalog.ts) from the dereferenced API descriptions: each operation with its
 * fields under the anchors the endpoint pages give them, its examples and request samples (the samples' one request
 * model and writers), and the error codes of its error responses.
 */
import { fieldAnchor } from '../../contracts/content/fieldAnchor';
import { DOCS_VERSIONS, docsPathIn, type DocsVersion } from '../../config/docsVersions';
import type {
  CatalogDeprecation,
  CatalogError,
  CatalogField,
  CatalogOperation,
  CatalogResponse,
  McpCatalog,
} from '../../contracts/mcp/catalog';
import { tryItModuleFile } from '../../contracts/tryIt/operation';
import { isObject, operationsOf, type ApiName, type ApiVersion, type JsonObject } from '../../openapi/descriptions';
import { scopeAlternatives } from '../remark-api-reference';
import { SampleError } from '../remark-api-reference/requestModel';
import { requestSamples } from '../remark-api-reference/requestSamples';
import { fieldTree, schemaVariants, typeLabel, type FieldNode } from '../remark-api-reference/schemaFields';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The fields of a schema, flattened in page order, anchored under `scope`; a `oneOf`'s variants' fields merged. */
function schemaFields(schema: JsonObject, scope: string): CatalogField[] {
  const variants = schemaVariants(schema);
  const trees = variants.length > 0 ? variants.map((variant) => fieldTree(variant.schema)) : [fieldTree(schema)];
  const fields = new Map<string, CatalogField>();
  const visit = (nodes: readonly FieldNode[]) => {
    for (const node of nodes) {
      if (!fields.has(node.name)) {
        fields.set(node.name, {
          name: node.name.replaceAll('[]', ''),
          anchor: fieldAnchor(scope, node.name),
          type: node.type,
          required: node.required,
          description: node.description,
        });
      }
      visit(node.children);
    }
  };
  for (const tree of trees) visit(tree);
  return [...fields.values()];
}

function mediaEntries(content: unknown): [string, JsonObject][] {
  return Object.entries(isObject(content) ? content : {}).filter((entry): entry is [string, JsonObject] =>
    isObject(entry[1]),
  );
}

function parameterFields(definition: JsonObject): CatalogField[] {
  return (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject).map((parameter) => {
    const schema = isObject(parameter.schema) ? parameter.schema : {};
    const choices = Array.isArray(schema.enum) ? ` One of: ${schema.enum.map(String).join(', ')}.` : '';
    return {
      name: String(parameter.name),
      anchor: fieldAnchor(String(parameter.in), String(parameter.name)),
      type: `${typeLabel(schema)}, in ${String(parameter.in)}`,
      required: parameter.required === true,
      description: `${text(parameter.description)}${choices}`.trim(),
    };
  });
}

function responsesOf(definition: JsonObject): CatalogResponse[] {
  const entries = Object.entries(isObject(definition.responses) ? definition.responses : {}).filter(
    (entry): entry is [string, JsonObject] => isObject(entry[1]),
  );
  // The success response's fields, as the endpoint page lists them (its first 2xx).
  const success = entries.find(([status]) => status.startsWith('2'))?.[0];
  return entries.map(([status, response]) => {
    const json = mediaEntries(response.content).find(([type]) => type.includes('json'));
    return {
      status,
      description: text(response.description),
      contentTypes: mediaEntries(response.content).map(([type]) => type),
      fields: status === success && json && isObject(json[1].schema) ? schemaFields(json[1].schema, 'response') : [],
    };
  });
}

function examplesOf(media: JsonObject | undefined) {
  if (!media) return [];
  if (isObject(media.examples)) {
    return Object.entries(media.examples).flatMap(([name, example]) =>
      isObject(example) ? [{ name, summary: text(example.summary), value: example.value }] : [],
    );
  }
  return 'example' in media ? [{ name: 'example', summary: '', value: media.example }] : [];
}

/** The `error.code` schema of an error response, when it lists its codes. */
function errorCodeSchema(response: JsonObject): JsonObject | undefined {
  const json = mediaEntries(response.content).find(([type]) => type.includes('json'));
  const schema = json && isObject(json[1].schema) ? json[1].schema : undefined;
  const error = schema && isObject(schema.properties) ? schema.properties.error : undefined;
  const code = isObject(error) && isObject(error.properties) ? error.properties.code : undefined;
  return isObject(code) && Array.isArray(code.enum) ? code : undefined;
}

/**
 * The error codes an operation's error responses show in their examples, each with that response's status and
 * description (the first response that shows it).
 */
function codesShown(definition: JsonObject): Map<string, { status: number | null; meaning: string }> {
  const shown = new Map<string, { status: number | null; meaning: string }>();
  for (const [status, response] of Object.entries(isObject(definition.responses) ? definition.responses : {})) {
    if (!isObject(response) || !/^[45]\d\d$/.test(status)) continue;
    for (const [, media] of mediaEntries(response.content)) {
      for (const example of examplesOf(media)) {
        const error = isObject(example.value) ? example.value.error : undefined;
        const code = isObject(error) ? text(error.code) : '';
        if (code && !shown.has(code)) {
          shown.set(code, { status: Number(status), meaning: text(response.description).trim() });
        }
      }
    }
  }
  return shown;
}

/** `"422. The account …"` → 422 and the rest. */
function statusAndMeaning(description: string): { status: number | null; meaning: string } {
  const match = /^\s*(\d{3})\.\s*([\s\S]*)$/.exec(description);
  return match ? { status: Number(match[1]), meaning: match[2].trim() } : { status: null, meaning: description.trim() };
}

/** An operation's `x-deprecation`, when it is deprecated. */
function deprecationOf(definition: JsonObject): CatalogDeprecation | null {
  if (definition.deprecated !== true) return null;
  const details = isObject(definition['x-deprecation']) ? definition['x-deprecation'] : {};
  return {
    since: text(details.since),
    sunset: text(details.sunset),
    replacement: text(details.replacement),
    link: text(details.link),
  };
}

export interface McpCatalogVersion {
  /** The docs version the catalog is of: its pages are the operations' pages (v1's by default). */
  readonly docsVersion?: DocsVersion;
  /** The docs versions the build includes (the catalog's own by default). */
  readonly versions?: readonly DocsVersion[];
  /** The API version of each description given (v1 by default): a v2 catalog holds v1's of the APIs v2 leaves alone. */
  readonly apiVersions?: Readonly<Partial<Record<ApiName, ApiVersion>>>;
}

/**
 * The catalog of the four descriptions, the docs pages' URLs under `baseUrl`, in the docs version `docsVersion`
 * (the operations' pages are that version's).
 */
export function mcpCatalog(
  descriptions: Readonly<Record<ApiName, JsonObject>>,
  baseUrl: string,
  { docsVersion = DOCS_VERSIONS[0], versions = [docsVersion], apiVersions = {} }: McpCatalogVersion = {},
): McpCatalog {
  const operations: CatalogOperation[] = [];
  const errors = new Map<string, CatalogError & { operationIds: string[] }>();
  for (const [api, description] of Object.entries(descriptions) as [ApiName, JsonObject][]) {
    const servers = Array.isArray(description.servers) ? description.servers.filter(isObject) : [];
    const serverUrl = String(servers[0]?.url ?? '');
    const apiVersion = apiVersions[api] ?? 'v1';
    for (const operation of operationsOf(api, description)) {
      const { definition } = operation;
      const requestBody = isObject(definition.requestBody) ? definition.requestBody : null;
      const [contentType, media] = mediaEntries(requestBody?.content)[0] ?? [];
      let samples: CatalogOperation['samples'] = [];
      try {
        samples = requestSamples({ ...operation, serverUrl }).map(({ label, code }) => ({
          language: label.startsWith('curl') ? 'curl' : label.startsWith('JavaScript') ? 'javascript' : 'python',
          code,
        }));
      } catch (error) {
        // An operation whose examples cannot make a request has no samples on its page either.
        if (!(error instanceof SampleError)) throw error;
      }
      const docsPath = typeof operation.docsPath === 'string' ? docsPathIn(docsVersion, operation.docsPath) : '';
      operations.push({
        api,
        apiVersion,
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        serverUrl,
        summary: text(definition.summary),
        description: text(definition.description),
        tags: Array.isArray(definition.tags) ? definition.tags.map(String) : [],
        scopes: scopeAlternatives(definition.security ?? description.security),
        page: docsPath ? `${baseUrl}${docsPath.replace(/^\//, '')}` : '',
        parameters: parameterFields(definition),
        request:
          requestBody && contentType
            ? {
                contentType,
                required: requestBody.required === true,
                description: text(requestBody.description),
                fields: media && isObject(media.schema) ? schemaFields(media.schema, 'request') : [],
              }
            : null,
        responses: responsesOf(definition),
        examples: examplesOf(media),
        samples,
        tryItModule: tryItModuleFile(operation.operationId, apiVersion),
        issueVocabulary: api === 'orders' ? 'OrderValidationIssue' : 'ValidationIssue',
        deprecation: deprecationOf(definition),
      });
      const shown = codesShown(definition);
      for (const response of Object.values(isObject(definition.responses) ? definition.responses : {})) {
        const codes = isObject(response) ? errorCodeSchema(response) : undefined;
        if (!codes) continue;
        const descriptionsByCode = isObject(codes['x-enum-descriptions']) ? codes['x-enum-descriptions'] : {};
        for (const code of (codes.enum as unknown[]).map(String)) {
          const described = text(descriptionsByCode[code]);
          // A code the enum does not describe (one a later version adds) is documented by the error responses
          // whose examples show it: their status and description. An operation that shows it nowhere does not list it.
          const fromExample = described ? undefined : shown.get(code);
          if (!described && !fromExample) continue;
          const { status, meaning } = fromExample ?? statusAndMeaning(described);
          const key = `${api}|${code}|${meaning}`;
          const entry = errors.get(key) ?? { api, code, status, meaning, operationIds: [] };
          if (!entry.operationIds.includes(operation.operationId)) entry.operationIds.push(operation.operationId);
          errors.set(key, entry);
        }
      }
    }
  }
  return {
    version: docsVersion.apiVersion,
    label: docsVersion.label,
    versions: versions.map((version) => version.apiVersion),
    operations,
    errors: [...errors.values()],
  };
}
