// @ts-check
// If-None-Match against a file's tag (server/conditionalRequest.mjs): the weak comparison of RFC 9110, 13.1.2.
// Run: node --test server/__tests__/conditionalRequest.test.mjs
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import { ifNoneMatchMatches } from '../conditionalRequest.mjs';

const TAG = '"0123456789abcdef0123456789abcdef"';

test('the tag itself, weakened or in a list matches; * matches any tag', () => {
  for (const field of [TAG, `W/${TAG}`, `"a", ${TAG}`, `W/"a",W/${TAG} , "b"`, '*', ' * ']) {
    assert.equal(ifNoneMatchMatches(field, TAG), true, field);
  }
});

test('a weak tag of ours matches its strong form and its weak form', () => {
  assert.equal(ifNoneMatchMatches(TAG, `W/${TAG}`), true);
  assert.equal(ifNoneMatchMatches(`W/${TAG}`, `W/${TAG}`), true);
});

test('no field, an empty one, another tag, a part of the tag or the tag unquoted: no match', () => {
  for (const field of [undefined, '', '"a"', `W/"a", "b"`, TAG.slice(0, -2) + '"', TAG.slice(1, -1), `"${TAG}"`]) {
    assert.equal(ifNoneMatchMatches(field, TAG), false, String(field));
  }
});
