/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { parse } from 'yaml';
import { computeChangelog } from '../../../openapi/changes/changelog';
import { versionChanges, versionChangesSignature } from '../../../openapi/changes/migration';
import { descriptionsSignature, loadBundled } from '../../../openapi/descriptions';
import { withDocsLinksUnder } from '../../api-reference/docsLinks';
import type { DescriptionJobName } from '../descriptionJobs';
import { bundledInDescriptionWorker, descriptionWorker, inDescriptionWorker } from '../descriptionWorker';

const ROOT = path.resolve(__dirname, '../../..');
const SITE_URL = 'https://docs.clearing.example/developers/';

afterAll(() => descriptionWorker.close());

describe('inDescriptionWorker', () => {
  it("answers a job with what the job returns: a reference page's downloads", async () => {
    const contents = await inDescriptionWorker('downloads', { api: 'orders', siteUrl: SITE_URL });
    const expected = withDocsLinksUnder(loadBundled('orders', { dereferenced: false }), SITE_URL);
    expect(JSON.parse(contents.json)).toEqual(expected);
    expect(parse(contents.yaml)).toEqual(expected);
    expect((JSON.parse(contents.postman) as { info: { schema: string } }).info.schema).toMatch(/collection\/v2\.1\.0/);
  }, 60_000);

  it('computes the changelog and the changes between versions as the main thread does, with signatures', async () => {
    const computed = await inDescriptionWorker('changelog', undefined);
    expect(computed.signature).toBe(descriptionsSignature());
    expect(computed.releases.length).toBeGreaterThan(10);
    expect(computed.releases).toEqual(computeChangelog());
    // The Trading API's v2 preview: the one API with a second major version.
    expect(computed.versionChanges.map(({ api, from, to }) => `${api} ${from} ${to}`)).toEqual(['orders v1 v2']);
    for (const { api, from, to, signature, changes } of computed.versionChanges) {
      expect(signature).toBe(versionChangesSignature(api, from, to));
      expect(changes.some((change) => change.class === 'breaking')).toBe(true);
      expect(changes).toEqual(versionChanges(api, from, to));
    }
  }, 120_000);

  it("rejects with the job's own error, and runs the next job", async () => {
    const publicModules = inDescriptionWorker('tryItModules', {
      baseUrl: '/',
      protectedPaths: ['/api'],
      siteDir: ROOT,
    });
    await expect(publicModules).rejects.toThrow(/try-it: \/docs\/try-it\/\w+\.js would be public/);
    const unknown = inDescriptionWorker('compile' as DescriptionJobName, {} as never);
    await expect(unknown).rejects.toThrow('no description job named "compile"');
  }, 60_000);
});

describe('the description worker', () => {
  it('does not keep the process alive once its jobs are answered, though it is not closed', async () => {
    const script = `require('jiti')(${JSON.stringify(__filename)}, { interopDefault: true })(${JSON.stringify(
      path.join(__dirname, '../descriptionWorker.ts'),
    )}).bundledInDescriptionWorker().then(({ signature }) => console.log(signature.length > 0 ? 'bundled' : 'empty'));`;
    const output = await new Promise<string>((resolve, reject) => {
      // If the worker outlived its jobs, the child would never end: the bound turns that into a failure.
      execFile(process.execPath, ['-e', script], { cwd: ROOT, timeout: 30_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    expect(output.trim()).toBe('bundled');
  }, 60_000);

  it('hands the main thread the descriptions it bundled', async () => {
    const { bundled, dereferenced } = await bundledInDescriptionWorker();
    expect(bundled.orders).toEqual(loadBundled('orders', { dereferenced: false }));
    expect(dereferenced.documents).toEqual(loadBundled('documents', { dereferenced: true }));
  }, 60_000);
});
