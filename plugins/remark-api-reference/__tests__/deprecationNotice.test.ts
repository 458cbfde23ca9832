import type { RootContent } from 'mdast';
import { loadBundled, operationsOf } from '../../../openapi/descriptions';
import { deprecationNotice } from '../deprecationNotice';

function plain(node: RootContent): string {
  if (node.type === 'inlineCode' || node.type === 'text') return node.value;
  return 'children' in node ? (node.children as RootContent[]).map(plain).join('') : '';
}

describe('the notice of a deprecated operation', () => {
  const operations = operationsOf('orders', loadBundled('orders', { dereferenced: true }));
  const cancel = operations.find((operation) => operation.operationId === 'cancelEquityOrder')!;

  it("says, from the operation's x-deprecation, since when, the sunset, what replaces it and the headers", () => {
    const [notice] = deprecationNotice(cancel.definition);
    expect(notice).toMatchObject({ type: 'containerDirective', name: 'caution' });
    const [label, body] = (notice as { children: RootContent[] }).children;
    expect(plain(label)).toBe('Deprecated');
    expect(plain(body)).toBe(
      'Deprecated since 30 November 2026. It keeps working until its sunset on 1 March 2028; from then it answers ' +
        '404 NOT_FOUND. Use POST /v2/orders/equity/{orderId}/cancel instead. Every response carries the Deprecation, ' +
        'Sunset and Link headers, the link to the announcement.',
    );
    const link = (body as { children: RootContent[] }).children.find((child) => child.type === 'link');
    // The production site's URL in the description, as this site's own path: the build checks the anchor.
    expect(link).toMatchObject({ url: '/docs/getting-started/changelog#trading-api-1-5-0' });
  });

  it('is absent on an operation that is not deprecated, and says less when the description says less', () => {
    const others = operations.filter((operation) => operation.definition.deprecated !== true);
    expect(others.flatMap((operation) => deprecationNotice(operation.definition))).toEqual([]);
    const [bare] = deprecationNotice({ deprecated: true });
    expect(plain(bare)).toBe('DeprecatedDeprecated. Every response carries the Deprecation and Link headers.');
  });
});
