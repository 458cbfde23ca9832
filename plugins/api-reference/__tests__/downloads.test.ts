import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { REFERENCE_PAGES } from '../../../config/apiReference';
import { loadBundled, operationsOf } from '../../../openapi/descriptions';
import type { JsonObject } from '../../../openapi/document';
import { descriptionDownloadContents } from '../../lib/descriptionJobs';
import { DESCRIPTION_DOWNLOAD_FILES, descriptionDownloads, writeDescriptionDownloads } from '../downloads';

const outDir = mkdtempSync(path.join(tmpdir(), 'api-downloads-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface PostmanItem {
  readonly name: string;
  readonly item?: readonly PostmanItem[];
  readonly request?: { readonly method: string; readonly url: { readonly path: readonly string[] } };
}

/** Every request of a collection, folders flattened: `POST /orders/equity/{orderId}`. */
function requestsOf(items: readonly PostmanItem[]): string[] {
  return items.flatMap((item) =>
    item.item
      ? requestsOf(item.item)
      : [`${item.request!.method} /${item.request!.url.path.map((part) => part.replace(/^:(.*)$/, '{$1}')).join('/')}`],
  );
}

describe.each(REFERENCE_PAGES.map((page) => [page.label, page] as const))('%s', (_label, page) => {
  const description = loadBundled(page.api, { dereferenced: false, version: page.apiVersion });
  const downloads = descriptionDownloads(page);
  const read = (format: string) =>
    readFileSync(path.join(outDir, downloads.find((d) => d.format === format)!.file), 'utf8');

  beforeAll(() => writeDescriptionDownloads(outDir, page, description), 60_000);

  it('writes the description as YAML and as JSON, each the bundled description', () => {
    expect(parse(read('yaml'))).toEqual(description);
    expect(JSON.parse(read('json'))).toEqual(description);
  });

  it('writes a Postman 2.1 collection with every operation of the description, against the sandbox', () => {
    const collection = JSON.parse(read('postman')) as {
      info: { name: string; schema: string };
      item: PostmanItem[];
      variable: { key: string; value: string }[];
    };
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.info.name).toBe((description.info as JsonObject).title);
    expect(collection.variable).toContainEqual({
      key: 'baseUrl',
      value: (description.servers as { url: string }[])[0].url,
    });
    expect(requestsOf(collection.item).sort()).toEqual(
      operationsOf(page.api, description)
        .map((operation) => `${operation.method} ${operation.path}`)
        .sort(),
    );
  });
});

describe('the downloads of the Trading API v2 preview', () => {
  const page = REFERENCE_PAGES.find((candidate) => candidate.route === '/api/v2/orders-api')!;
  const v1 = REFERENCE_PAGES.find((candidate) => candidate.route === '/api/orders-api')!;

  it("are named apart from v1's, with v2 in every name", () => {
    const files = descriptionDownloads(page).map(({ file }) => file);
    expect(files).toEqual([
      'api/v2/orders-api/orders-api-v2.openapi.yaml',
      'api/v2/orders-api/orders-api-v2.openapi.json',
      'api/v2/orders-api/orders-api-v2.postman_collection.json',
    ]);
    const v1Files = descriptionDownloads(v1).map(({ file }) => file);
    expect(files.filter((file) => v1Files.includes(file))).toEqual([]);
    expect(DESCRIPTION_DOWNLOAD_FILES).toEqual(expect.arrayContaining([...files, ...v1Files]));
  });

  it('hold v2: its servers under /v2, cancel as POST …/cancel and no DELETE', async () => {
    const contents = await descriptionDownloadContents({ api: 'orders', version: 'v2', siteUrl: 'https://x.example/' });
    const json = JSON.parse(contents.json) as JsonObject;
    expect(parse(contents.yaml)).toEqual(json);
    expect((json.info as JsonObject).version).toBe('2.0.0');
    expect((json.servers as { url: string }[]).every(({ url }) => url.endsWith('/v2'))).toBe(true);
    const operations = operationsOf('orders', json).map((operation) => `${operation.method} ${operation.path}`);
    expect(operations).toEqual(
      expect.arrayContaining(['POST /orders/equity/{orderId}/cancel', 'POST /orders/options/{orderId}/cancel']),
    );
    expect(operations.filter((operation) => operation.startsWith('DELETE '))).toEqual([]);
    // Its links to the docs go into the v2 docs, under the site's whole URL.
    expect(contents.json).toMatch(/https:\/\/x\.example\/docs\/v2\//);
    expect(contents.json).not.toMatch(/https:\/\/x\.example\/docs\/(?!v2\/)/);
    const collection = JSON.parse(contents.postman) as {
      variable: { key: string; value: string }[];
      item: PostmanItem[];
    };
    expect(collection.variable).toContainEqual({ key: 'baseUrl', value: 'https://sandbox.api.clearing.example/v2' });
    expect(requestsOf(collection.item)).toEqual(expect.arrayContaining(['POST /orders/equity/{orderId}/cancel']));
  }, 60_000);
});
