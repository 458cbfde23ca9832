// @ts-check
// ETags from content (server/contentEtag.mjs): the same bytes give the same tag whenever the file was
// written; new bytes, even of the same size and modification time, a new one.
// Run: node --test server/__tests__/contentEtag.test.mjs
import { strict as assert } from 'node:assert';
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { createContentEtags } from '../contentEtag.mjs';

test('the tag follows the bytes, not the modification time', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-etag-'));
  try {
    const [a, b] = [path.join(dir, 'a.html'), path.join(dir, 'b.html')];
    await writeFile(a, 'same bytes');
    await writeFile(b, 'same bytes');
    await utimes(b, new Date('2020-01-01'), new Date('2020-01-01'));
    const etags = createContentEtags();
    const tagA = await etags.etagFor(a, await stat(a));
    assert.match(tagA, /^"[0-9a-f]{32}"$/);
    assert.equal(await etags.etagFor(b, await stat(b)), tagA);
    // Replaced with other bytes of the same length (a deployment writes a new modification time).
    await writeFile(b, 'other byte');
    await utimes(b, new Date('2021-01-01'), new Date('2021-01-01'));
    assert.notEqual(await etags.etagFor(b, await stat(b)), tagA);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a small file’s bytes are kept with its tag, within the total, and read again once replaced', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-etag-'));
  try {
    const [a, b, big] = ['a.html', 'b.html', 'big.js'].map((name) => path.join(dir, name));
    await writeFile(a, 'aaaa');
    await writeFile(b, 'bbbbbbb');
    await writeFile(big, 'x'.repeat(11));
    const etags = createContentEtags({ heldFileBytes: 10, heldTotalBytes: 10 });
    const first = await etags.contentOf(a, await stat(a));
    assert.equal(first.bytes?.toString(), 'aaaa');
    assert.equal(first.etag, await etags.etagFor(a, await stat(a)));
    assert.equal((await etags.contentOf(big, await stat(big))).bytes, undefined, 'larger than a file may be');
    // Over the total: the file kept first gives up its bytes, not its tag.
    assert.equal((await etags.contentOf(b, await stat(b))).bytes?.toString(), 'bbbbbbb');
    const released = await etags.contentOf(a, await stat(a));
    assert.deepEqual(released, { etag: first.etag, bytes: undefined });
    // Replaced in place: the new bytes, and a new tag.
    await writeFile(b, 'ccccccc');
    await utimes(b, new Date('2021-01-01'), new Date('2021-01-01'));
    const replaced = await etags.contentOf(b, await stat(b));
    assert.equal(replaced.bytes?.toString(), 'ccccccc');
    assert.notEqual(replaced.etag, first.etag);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
