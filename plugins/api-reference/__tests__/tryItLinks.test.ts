import { loadBundled } from '../../../openapi/descriptions';
import { isObject, type JsonObject } from '../../../openapi/document';
import { withDocsLinksUnder } from '../docsLinks';
import { withTryItLinks } from '../tryItLinks';

describe('withTryItLinks', () => {
  it('links every operation of the reference to its endpoint page’s Try it panel, under the base URL', () => {
    const original = loadBundled('orders', { dereferenced: false });
    const linked = withDocsLinksUnder(withTryItLinks(original), '/developers/');
    const operation = ((linked.paths as JsonObject)['/orders/equity'] as JsonObject).post as JsonObject;
    expect(operation.description).toMatch(
      /^\[Try it\]\(\/developers\/docs\/trading-api\/equity\/single-equity-order#try-it-placeEquityOrder\): send this request/,
    );
    const operations = Object.values(linked.paths as JsonObject).flatMap((item) =>
      Object.values(item as JsonObject).filter((value) => isObject(value) && 'operationId' in value),
    ) as JsonObject[];
    expect(operations.length).toBeGreaterThan(10);
    for (const each of operations) expect(each.description).toContain(`#try-it-${String(each.operationId)})`);
    // The original is left as it was (the downloads are written from it).
    expect(
      String((((original.paths as JsonObject)['/orders/equity'] as JsonObject).post as JsonObject).description),
    ).not.toContain('Try it');
  });
});
