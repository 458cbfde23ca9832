import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { digestOfGeneratedContentInputs, writeSearchIndexInputs } from '../searchIndexInputs';

const SITE = path.join(__dirname, '..', '..');

function copyOfInputs(): string {
  const site = mkdtempSync(path.join(tmpdir(), 'search-inputs-'));
  for (const dir of ['openapi', 'plugins/remark-api-reference']) {
    cpSync(path.join(SITE, dir), path.join(site, dir), { recursive: true });
  }
  return site;
}

describe('the search index inputs', () => {
  it('change their digest when a description changes', () => {
    const site = copyOfInputs();
    const before = digestOfGeneratedContentInputs(site);
    expect(digestOfGeneratedContentInputs(site)).toBe(before);
    const orders = path.join(site, 'openapi', 'orders.yaml');
    writeFileSync(orders, `${readFileSync(orders, 'utf8')}\n# changed\n`);
    expect(digestOfGeneratedContentInputs(site)).not.toBe(before);
  });

  it('are written as a Markdown file in the folder handed to the search plugin', () => {
    const site = copyOfInputs();
    const dir = writeSearchIndexInputs(site);
    const written = readFileSync(path.join(site, dir, 'generated-content.md'), 'utf8');
    expect(written).toContain(digestOfGeneratedContentInputs(site));
  });
});
