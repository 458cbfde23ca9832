import type { Paragraph, Root } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { expandReferences } from '..';
import { API_NAMES, loadBundled, type JsonObject } from '../../../openapi/descriptions';

/** A paragraph "at <ApiVersion api="…" />." run through the plugin. */
function expandVersion(api: string): Paragraph {
  const version: MdxJsxTextElement = {
    type: 'mdxJsxTextElement',
    name: 'ApiVersion',
    attributes: [{ type: 'mdxJsxAttribute', name: 'api', value: api }],
    children: [],
  };
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'paragraph', children: [{ type: 'text', value: 'at ' }, version, { type: 'text', value: '.' }] },
    ],
  };
  expandReferences(tree, 'docs/getting-started/versioning.mdx', () => []);
  return tree.children[0] as Paragraph;
}

describe('<ApiVersion>', () => {
  it.each(API_NAMES.map((api) => [api]))('%s: becomes the info.version of the description, as inline code', (api) => {
    const info = loadBundled(api, { dereferenced: false }).info as JsonObject;
    expect(expandVersion(api).children).toEqual([
      { type: 'text', value: 'at ' },
      { type: 'inlineCode', value: String(info.version) },
      { type: 'text', value: '.' },
    ]);
  });

  it('stops the build on an API that has no description, naming the page', async () => {
    expect(() => expandVersion('trading')).toThrow(/versioning\.mdx: <ApiVersion> names no API "trading"/);
  });
});
