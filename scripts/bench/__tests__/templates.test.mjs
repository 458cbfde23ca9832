// @ts-check
// The rendered-content template, made from a fake same-content template and a fake built docs/ in a temporary
// folder. Run: node --test scripts/bench/__tests__/
import { strict as assert } from 'node:assert';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { prepareRenderedContent } from '../lib/templates.mjs';

const base = mkdtempSync(join(tmpdir(), 'bench-templates-'));
after(() => rmSync(base, { recursive: true, force: true }));

/** Writes `files` (path → content) under `dir`. @param {string} dir @param {Record<string, string>} files */
function write(dir, files) {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
}

describe('prepareRenderedContent', () => {
  const sameContent = join(base, 'same-content');
  const builtDocs = join(base, 'site-build', 'docs');
  write(sameContent, {
    'docusaurus.config.ts': 'export default {};\n',
    'docs/intro.md': '# Intro\n',
    'docs/page-001.md': '# Generated\n',
    'build/index.html': '<html></html>',
    '.docusaurus/client-modules.js': '',
    'node_modules/@docusaurus/core/package.json': '{}',
  });
  const page = '---\ntitle: "Balance summary"\nsource: "http://localhost:3201/docs/a/b"\n---\n\n# Balance summary\n';
  write(builtDocs, {
    'a/b.md': page,
    'a/index.md': '# A\n',
    'a/b/index.html': '<html></html>',
  });

  test("holds the template's site with this site's page Markdown as its docs, sharing the template's install", () => {
    const made = prepareRenderedContent({ base, sameContent, builtDocs });
    assert.equal(made.dir, join(base, 'rendered-content'));
    assert.equal(made.pages, 2);
    assert.ok(existsSync(join(made.dir, 'docusaurus.config.ts')));
    assert.equal(readFileSync(join(made.dir, 'docs', 'intro.md'), 'utf8'), '# Intro\n');
    assert.equal(
      readFileSync(join(made.dir, 'docs', 'a', 'b.md'), 'utf8'),
      '---\ntitle: "Balance summary"\n---\n\n# Balance summary\n',
    );
    assert.equal(made.bytes, Buffer.byteLength(readFileSync(join(made.dir, 'docs', 'a', 'b.md'))) + 4);
    for (const left of ['docs/page-001.md', 'build', '.docusaurus', 'docs/a/b/index.html']) {
      assert.equal(existsSync(join(made.dir, left)), false, `${left} is not copied`);
    }
    assert.ok(lstatSync(join(made.dir, 'node_modules')).isSymbolicLink());
    assert.ok(existsSync(join(made.dir, 'node_modules', '@docusaurus', 'core', 'package.json')));
  });

  test('is made again from the latest build', () => {
    write(builtDocs, { 'c.md': '# C\n' });
    const made = prepareRenderedContent({ base, sameContent, builtDocs });
    assert.equal(made.pages, 3);
  });

  test('says so when this site has not been built', () => {
    assert.throws(
      () => prepareRenderedContent({ base, sameContent, builtDocs: join(base, 'nothing') }),
      /no page Markdown under .*nothing: build this site first/,
    );
  });
});
