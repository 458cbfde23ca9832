import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NAMES, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { requestSamples } from '../../../plugins/remark-api-reference/requestSamples';
import { docsFiles, readPage } from '../docsPages';

/**
 * The Node.js the pages ask for is the one the JavaScript samples need. The samples the docs generate are ES
 * modules (top-level `await`), and an upload's sample reads its file with `fs.openAsBlob`, which Node.js has
 * from 19.8: the first long-term release that runs them all is Node.js 20.
 */
const samples = API_NAMES.flatMap((api) => {
  const description = loadDereferenced(api);
  const serverUrl = (description.servers as { url: string }[])[0].url;
  return operationsOf(api, description).map(
    (operation) => requestSamples({ ...operation, serverUrl }).find((sample) => sample.language === 'javascript')!.code,
  );
});
const NEEDED = samples.some((code) => code.includes('fs.openAsBlob')) ? 20 : 18;

const pages = docsFiles().map(readPage);

describe('the JavaScript samples', () => {
  it('are ES modules for Node.js 20: top-level await, and fs.openAsBlob for uploads', () => {
    expect(samples.length).toBeGreaterThan(30);
    expect(samples.every((code) => /^const response = await fetch\(/m.test(code))).toBe(true);
    expect(NEEDED).toBe(20);
  });

  it('are asked for with that Node.js wherever a page names a version', () => {
    const named = pages.flatMap((page) =>
      [...page.source.matchAll(/Node(?:\.js)? (\d+) or later/g)].map((match) => ({
        file: page.file,
        version: match[1],
      })),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ version }) => Number(version) !== NEEDED)).toEqual([]);
  });

  it('are saved as .mjs files where a page names the file', () => {
    const files = pages.flatMap((page) =>
      page.codeBlocks
        .filter((block) => block.lang === 'javascript' || block.lang === 'js')
        .flatMap((block) => /title="([^"\s]+\.[cm]?js)\b/.exec(block.meta)?.[1] ?? [])
        .map((file) => `${page.file}: ${file}`),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !file.endsWith('.mjs'))).toEqual([]);
  });

  it('parse as ES modules, the generated ones and those a page names as a file', () => {
    const named = pages.flatMap((page) =>
      page.codeBlocks.filter((block) => /title="[^"\s]+\.mjs\b/.test(block.meta)).map((block) => block.code),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'js-samples-'));
    try {
      const broken = [...samples, ...named].flatMap((code, index) => {
        const file = path.join(dir, `sample-${index}.mjs`);
        writeFileSync(file, code);
        try {
          execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
          return [];
        } catch (error) {
          return [`${code.split('\n')[0]}: ${String((error as { stderr?: Buffer }).stderr)}`];
        }
      });
      expect(broken).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are said in the quick start to be ES modules, run from a .mjs file', () => {
    const before = readPage('getting-started/first-test-order.mdx').prose;
    expect(before).toMatch(/Node\.js 20 or later/);
    expect(before).toMatch(
      /The JavaScript samples are ES modules that use top-level `await`: save one as a `\.mjs` file/,
    );
  });
});
