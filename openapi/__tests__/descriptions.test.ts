import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_NAMES, loadDereferenced, operationsOf, type JsonObject, type Operation } from '../descriptions';

const ROOT = path.join(__dirname, '..', '..');

const descriptions = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)]));
const operations: Operation[] = API_NAMES.flatMap((api) => operationsOf(api, descriptions[api]));

/** The docs file a route is built from, if any. */
function docsFile(route: string): string | null {
  const relative = route.replace(/^\/docs\/?/, '');
  const candidates = relative ? [`docs/${relative}.mdx`, `docs/${relative}/index.mdx`] : ['docs/index.mdx'];
  return candidates.find((candidate) => existsSync(path.join(ROOT, candidate))) ?? null;
}

function mdxRoutes(folder: string, { recursive }: { recursive: boolean }): string[] {
  const dir = path.join(ROOT, 'docs', folder);
  return readdirSync(dir, { withFileTypes: true, recursive }).flatMap((entry) => {
    if (!entry.isFile() || !entry.name.endsWith('.mdx')) return [];
    const file = path.relative(path.join(ROOT, 'docs'), path.join(entry.parentPath, entry.name));
    return [`/docs/${file.replace(/\.mdx$/, '').replace(/\/?index$/, '')}`];
  });
}

/** Every page that documents one operation. */
const ENDPOINT_PAGES = [
  ...mdxRoutes('accounts-api/endpoints', { recursive: false }),
  '/docs/accounts-api/endpoints/new-account',
  ...mdxRoutes('accounts-api/endpoints/update-account', { recursive: false }).filter(
    (route) => !route.endsWith('update-account'),
  ),
  ...mdxRoutes('document-api/endpoints', { recursive: false }),
  ...mdxRoutes('trading-api/equity', { recursive: false }),
  ...mdxRoutes('trading-api/options', { recursive: false }),
];

interface ExampleCase {
  readonly where: string;
  readonly schema: JsonObject;
  readonly value: unknown;
}

function examplesOf(where: string, holder: JsonObject, schema: JsonObject | undefined): ExampleCase[] {
  if (!schema) return [];
  const cases: ExampleCase[] = [];
  if ('example' in holder) cases.push({ where, schema, value: holder.example });
  for (const [name, example] of Object.entries((holder.examples ?? {}) as Record<string, JsonObject>)) {
    if ('value' in example) cases.push({ where: `${where} (example "${name}")`, schema, value: example.value });
  }
  return cases;
}

function mediaTypes(content: unknown): [string, JsonObject][] {
  return Object.entries((content ?? {}) as Record<string, JsonObject>);
}

const exampleCases: ExampleCase[] = operations.flatMap((operation) => {
  const at = `${operation.api} ${operation.method} ${operation.path}`;
  const { definition } = operation;
  const parameters = ((definition.parameters ?? []) as JsonObject[]).flatMap((parameter) =>
    examplesOf(`${at} parameter ${String(parameter.name)}`, parameter, parameter.schema as JsonObject),
  );
  const body = mediaTypes((definition.requestBody as JsonObject | undefined)?.content).flatMap(([type, media]) =>
    examplesOf(`${at} request ${type}`, media, media.schema as JsonObject),
  );
  const responses = Object.entries((definition.responses ?? {}) as Record<string, JsonObject>).flatMap(
    ([status, response]) =>
      mediaTypes(response.content).flatMap(([type, media]) =>
        examplesOf(`${at} response ${status} ${type}`, media, media.schema as JsonObject),
      ),
  );
  return [...parameters, ...body, ...responses];
});

describe('the API descriptions', () => {
  it('describe operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it('give every operation a unique operationId', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('link every operation to the docs page that documents it (x-docs-path)', () => {
    const unlinked = operations
      .filter((operation) => typeof operation.docsPath !== 'string' || !docsFile(operation.docsPath))
      .map((operation) => `${operation.operationId} -> ${String(operation.docsPath)}`);
    expect(unlinked).toEqual([]);
  });

  it('document every endpoint page by an operation that exists', () => {
    expect(ENDPOINT_PAGES.length).toBe(35);
    const documented = new Set(operations.map((operation) => operation.docsPath));
    expect(ENDPOINT_PAGES.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('are shown on their endpoint page by an operation block (<ApiOperation operationId="…" />)', () => {
    const missing = operations.flatMap((operation) => {
      const file = typeof operation.docsPath === 'string' ? docsFile(operation.docsPath) : null;
      const source = file ? readFileSync(path.join(ROOT, file), 'utf8') : '';
      return source.includes(`<ApiOperation operationId="${operation.operationId}"`)
        ? []
        : [`${operation.operationId} is not shown on ${file ?? String(operation.docsPath)}`];
    });
    expect(missing).toEqual([]);
  });

  it('are the only operations the docs pages name in reference blocks and request samples', () => {
    const ids = new Set(operations.map((operation) => operation.operationId));
    const docsDir = path.join(ROOT, 'docs');
    const unknown = readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mdx'))
      .flatMap((file) =>
        [
          ...readFileSync(path.join(docsDir, file), 'utf8').matchAll(
            /<(?:ApiOperation|RequestSamples) operationId="([^"]+)"/g,
          ),
        ]
          .filter((match) => !ids.has(match[1]))
          .map((match) => `docs/${file}: ${match[1]}`),
      );
    expect(unknown).toEqual([]);
  });

  it('give every request body and every response with content an example', () => {
    const missing = operations.flatMap((operation) => {
      const at = `${operation.api} ${operation.operationId}`;
      const { definition } = operation;
      const holders: [string, JsonObject][] = [
        ...mediaTypes((definition.requestBody as JsonObject | undefined)?.content).map(
          ([type, media]): [string, JsonObject] => [`${at} request ${type}`, media],
        ),
        ...Object.entries((definition.responses ?? {}) as Record<string, JsonObject>).flatMap(([status, response]) =>
          mediaTypes(response.content).map(([type, media]): [string, JsonObject] => [`${at} ${status} ${type}`, media]),
        ),
      ];
      return holders
        .filter(([, media]) => !('example' in media) && Object.keys((media.examples ?? {}) as object).length === 0)
        .filter(([where]) => !where.includes('application/pdf') && !where.includes('octet-stream'))
        .map(([where]) => where);
    });
    expect(missing).toEqual([]);
  });

  it('have examples that validate against their schemas', () => {
    expect(exampleCases.length).toBeGreaterThan(100);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const invalid = exampleCases.flatMap(({ where, schema, value }) => {
      const validate = ajv.compile(schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });
});
