import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadBundled, type ApiName, type JsonObject } from '../../openapi/descriptions';
import { API_NAMES, API_REFERENCE_PAGES, RETIRED_API_NAMES } from '../apiReference';

/** Each description's name in redocly.yaml is its file in openapi/. */
const descriptionTitle = (api: string): string =>
  String((loadBundled(api as ApiName, { dereferenced: false }).info as JsonObject).title);

/** Every file a reader's text comes from: docs, descriptions, pages and components. */
function readerFacingFiles(): string[] {
  return ['docs', 'openapi', 'src', 'config'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(mdx?|ya?ml|json|tsx?)$/.test(file) && !file.includes('__tests__'))
      .map((file) => path.join(root, file))
      // A released description is history (openapi/released/): the names it used when it shipped.
      .filter((file) => !file.startsWith(path.join('openapi', 'released'))),
  );
}

describe('one name per API', () => {
  it.each(API_REFERENCE_PAGES.map((page) => [page.api, page.label]))(
    "the %s description's title is the name the site gives it (%s)",
    (api, label) => {
      expect(descriptionTitle(api)).toBe(label);
    },
  );

  it.each([
    ['accounts-api', API_NAMES.accounts],
    ['trading-api', API_NAMES.trading],
    ['document-api', API_NAMES.documents],
    ['account-activity-api', API_NAMES.accountActivity],
  ])('the docs sidebar names docs/%s "%s"', (folder, name) => {
    const category = JSON.parse(readFileSync(path.join('docs', folder, '_category_.json'), 'utf8')) as {
      label: string;
    };
    expect(category.label).toBe(name);
  });

  it('no retired name is left anywhere a reader looks', () => {
    const found = readerFacingFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return RETIRED_API_NAMES.filter((name) => text.includes(name) && !file.endsWith('apiReference.ts')).map(
        (name) => `${file}: "${name}"`,
      );
    });
    expect(found).toEqual([]);
  });
});
