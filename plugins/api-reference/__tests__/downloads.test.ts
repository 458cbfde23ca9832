import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { API_REFERENCE_PAGES } from '../../../config/apiReference';
import { loadBundled, operationsOf } from '../../../openapi/descriptions';
import type { JsonObject } from '../../../openapi/document';
import { descriptionDownloads, writeDescriptionDownloads } from '../downloads';

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

describe.each(API_REFERENCE_PAGES.map((page) => [page.label, page] as const))('%s', (_label, page) => {
  const description = loadBundled(page.api, { dereferenced: false });
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
