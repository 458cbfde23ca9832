import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_NAMES, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { isObject } from '../../../openapi/document';
import { requestSamples } from '../../../plugins/remark-api-reference/requestSamples';
import { requestSampleNodes } from '../../../plugins/remark-api-reference/referenceNodes';
import { SAMPLE_RUNTIMES, SAMPLE_RUNTIMES_HREF, URL_VARIABLES } from '../../../contracts/facts';
import { docsFiles, docsRoute, headingAnchor, readPage } from '../docsPages';
import { startLocalSandbox, type LocalSandbox } from '../sandboxServer';
import { isOlder, javascriptNeeds, nodeRuntimes, pythonNeeds, pythonRuntime } from '../sampleRuntimes';

/**
 * The samples run on the runtime the pages state (`SAMPLE_RUNTIMES` of contracts/facts), and the pages state it
 * in one place every sample links to. What a sample needs is read from its code (tests/content/sampleRuntimes.ts:
 * each feature with the release that brought it); a sample that needs more than is stated fails here.
 */

const { javascript: JAVASCRIPT, python: PYTHON } = SAMPLE_RUNTIMES;

/** Every generated sample: each operation with each of its request-body examples. */
const generated = API_NAMES.flatMap((api) => {
  const description = loadDereferenced(api);
  const serverUrl = (description.servers as { url: string }[])[0].url;
  return operationsOf(api, description).flatMap((operation) => {
    const requestBody = isObject(operation.definition.requestBody) ? operation.definition.requestBody : {};
    const media = Object.values(isObject(requestBody.content) ? requestBody.content : {}).find(isObject);
    const examples = media && isObject(media.examples) ? Object.keys(media.examples) : [];
    return (examples.length > 0 ? examples : [undefined]).map((example) => ({
      name: `${operation.operationId}${example ? ` (${example})` : ''}`,
      samples: requestSamples({ ...operation, serverUrl }, { example }),
    }));
  });
});

const pages = docsFiles().map(readPage);

/** The hand-written JavaScript and Python blocks of the pages, with the file name their title gives. */
const handWritten = pages.flatMap((page) =>
  page.codeBlocks
    .filter((block) => /^(?:javascript|js|python|py)$/.test(block.lang))
    .map((block) => ({
      name: `${page.file}:${block.line}`,
      page,
      language: block.lang.startsWith('p') ? ('python' as const) : ('javascript' as const),
      file: /title="([^"\s]+)/.exec(block.meta)?.[1],
      code: block.code,
    })),
);

const javascriptSamples = [
  ...generated.map(({ name, samples }) => ({ name, code: samples.find((s) => s.language === 'javascript')!.code })),
  ...handWritten.filter((block) => block.language === 'javascript'),
];
const pythonSamples = [
  ...generated.map(({ name, samples }) => ({ name, code: samples.find((s) => s.language === 'python')!.code })),
  ...handWritten.filter((block) => block.language === 'python'),
];

describe('what a sample needs, read from its code', () => {
  it('names each feature with the release that brought it', () => {
    const upload = javascriptNeeds("import fs from 'node:fs';\nconst file = await fs.openAsBlob('a.pdf');");
    expect(upload).toMatchObject({ version: '19.8', esModule: true });
    expect(javascriptNeeds('const id = crypto.randomUUID();').version).toBe('19');
    expect(javascriptNeeds("import crypto from 'node:crypto';\nconst id = crypto.randomUUID();").version).toBe('14.18');
    expect(javascriptNeeds('async function get() { return (await fetch(url)).json(); }')).toEqual({
      features: [{ feature: 'global fetch', since: '18' }],
      version: '18',
      esModule: false,
    });
    expect(
      pythonNeeds([
        'import requests\nx = f"{1}"',
        'if (n := 2):\n    pass',
        'def f(a: int | None) -> list[str]:\n    return []',
        'def f(a: dict[str, int]) -> None:\n    pass',
      ]).map((needs) => needs.version),
    ).toEqual(['3.10', '3.8', '3.10', '3.9']);
  });

  it('fails a stated release older than what the code needs', () => {
    expect(isOlder('18', javascriptNeeds('await fs.openAsBlob(name);').version)).toBe(true);
    expect(isOlder('19.8', '19.8')).toBe(false);
    expect(isOlder('20', '19.8')).toBe(false);
    expect(isOlder('3.9', '3.10')).toBe(true);
  });
});

describe('the JavaScript samples', () => {
  it(`need no more than ${JAVASCRIPT.requirement}`, () => {
    expect(javascriptSamples.length).toBeGreaterThan(40);
    const tooNew = javascriptSamples.flatMap(({ name, code }) => {
      const needs = javascriptNeeds(code);
      return isOlder(JAVASCRIPT.minimumVersion, needs.version)
        ? [
            `${name} needs Node.js ${needs.version}: ${needs.features.map((f) => `${f.feature} (${f.since})`).join(', ')}`,
          ]
        : [];
    });
    expect(tooNew).toEqual([]);
    // What the statement rests on: the uploads need fs.openAsBlob, the others global crypto and top-level await.
    expect(javascriptSamples.some(({ code }) => javascriptNeeds(code).version === '19.8')).toBe(true);
  });

  it(`are ES modules, which a page names as ${JAVASCRIPT.fileExtension} files`, () => {
    expect(generated.every(({ samples }) => javascriptNeeds(samples[1].code).esModule)).toBe(true);
    const misnamed = handWritten
      .filter((block) => block.language === 'javascript' && javascriptNeeds(block.code).esModule)
      .filter((block) => !block.file?.endsWith(JAVASCRIPT.fileExtension))
      .map((block) => `${block.name}: ${block.file ?? 'no file name'}`);
    expect(misnamed).toEqual([]);
  });
});

describe('the Python samples', () => {
  it(`need no more than ${PYTHON.requirement}, and the installed python3 is at least that`, () => {
    expect(pythonSamples.length).toBeGreaterThan(40);
    const needed = pythonNeeds(pythonSamples.map(({ code }) => code));
    const tooNew = pythonSamples.flatMap(({ name }, index) => {
      const needs = needed[index];
      return isOlder(PYTHON.minimumVersion, needs.version)
        ? [
            `${name} needs Python ${needs.version}: ${needs.features.map((f) => `${f.feature} (${f.since})`).join(', ')}`,
          ]
        : [];
    });
    expect(tooNew).toEqual([]);
    expect(isOlder(pythonRuntime().version, PYTHON.minimumVersion)).toBe(false);
  });
});

describe('the runtime the samples need', () => {
  const [hrefPath, hrefAnchor] = SAMPLE_RUNTIMES_HREF.split('#');
  const home = pages.find((page) => docsRoute(page.file) === hrefPath);

  it('is stated in the one section the samples link to, from the facts', () => {
    expect(home?.headings.map((heading) => headingAnchor(heading.text))).toContain(hrefAnchor);
    for (const runtime of [JAVASCRIPT, PYTHON]) {
      expect(home?.source).toContain(
        `{SAMPLE_RUNTIMES.${runtime === JAVASCRIPT ? 'javascript' : 'python'}.requirement}`,
      );
    }
  });

  it('is linked from under every generated JavaScript and Python sample, and never under a curl sample', () => {
    const [operation] = operationsOf('orders', loadDereferenced('orders'));
    const [tabs] = requestSampleNodes({ ...operation, serverUrl: 'https://sandbox.api.clearing.example/v1' });
    const notes = Object.fromEntries(
      (tabs as { children: { attributes: { name: string; value: string }[]; children: unknown[] }[] }).children.map(
        (tab) => [tab.attributes.find((a) => a.name === 'value')!.value, JSON.stringify(tab.children.slice(1))],
      ),
    );
    expect(notes.bash).toBe('[]');
    for (const [language, runtime] of [
      ['javascript', JAVASCRIPT],
      ['python', PYTHON],
    ] as const) {
      expect(notes[language]).toContain(`"url":"${SAMPLE_RUNTIMES_HREF}"`);
      expect(notes[language]).toContain(`"value":"${runtime.requirement}"`);
      expect(notes[language]).toContain(`"value":"${runtime.fileExtension}"`);
    }
  });

  it('is linked from every page with a hand-written JavaScript or Python sample', () => {
    const unlinked = [...new Set(handWritten.map((block) => block.page))]
      .filter((page) => !page.source.includes('first-test-order.mdx#what-the-samples-need'))
      .map((page) => page.file);
    expect(handWritten.length).toBeGreaterThanOrEqual(4);
    expect(unlinked).toEqual([]);
  });

  it('is the only version a page states', () => {
    const stated = pages.flatMap((page) =>
      [...page.source.matchAll(/\b(Node(?:\.js)?|Python) (\d+(?:\.\d+)?)\+? or (?:later|newer)/g)]
        .filter(([, runtime, version]) => version !== (runtime === 'Python' ? PYTHON : JAVASCRIPT).minimumVersion)
        .map(([text]) => `${page.file}: ${text}`),
    );
    expect(stated).toEqual([]);
  });
});

/**
 * Authentication's token helpers, saved as the page names them and run as pasted against the local sandbox, on
 * each Node.js found (the one running the tests and, when on the PATH, the oldest the pages allow) and on
 * python3: their default scopes serve every API, and `SCOPES` narrows them.
 */
describe("Authentication's token helpers, run as pasted", () => {
  const helper = (file: string) => handWritten.find((block) => block.file === file)!;
  /** A read of each API family; each answers 403 only for a token without its scope. */
  const READS = {
    orders: '/orders/equity?accountNumber=5GT10001',
    accounts: '/accounts/5GT10001',
    documents: '/document-types',
  } as const;
  let sandbox: LocalSandbox;
  beforeAll(async () => {
    sandbox = await startLocalSandbox('token-helpers');
    writeFileSync(path.join(sandbox.workDir, 'token.mjs'), helper('token.mjs').code);
    writeFileSync(path.join(sandbox.workDir, 'api_token.py'), helper('api_token.py').code);
    writeFileSync(
      path.join(sandbox.workDir, 'reads.mjs'),
      `import { apiFetch } from './token.mjs';\nconst reads = ${JSON.stringify(READS)};\nconst statuses = {};\nfor (const [api, path] of Object.entries(reads)) statuses[api] = (await apiFetch(path)).status;\nconsole.log(JSON.stringify(statuses));\n`,
    );
    writeFileSync(
      path.join(sandbox.workDir, 'reads.py'),
      `import json\nfrom api_token import api_request\nreads = json.loads(${JSON.stringify(JSON.stringify(READS))})\nprint(json.dumps({api: api_request("GET", p).status_code for api, p in reads.items()}))\n`,
    );
  }, 60_000);
  afterAll(() => sandbox?.close());

  /** Runs a command in the helpers' folder, as a reader would, with the sandbox's URLs and the demo client. */
  async function run(command: string, args: string[], scopes?: string): Promise<string> {
    const { stdout } = await promisify(execFile)(command, args, {
      cwd: sandbox.workDir,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        HOME: sandbox.workDir,
        [URL_VARIABLES.baseUrl]: `${sandbox.origin}/v1`,
        [URL_VARIABLES.tokenUrl]: `${sandbox.origin}/connect/token`,
        CLIENT_ID: 'sandbox-demo',
        CLIENT_SECRET: 'sandbox-demo-secret',
        ...(scopes ? { SCOPES: scopes } : {}),
      },
    });
    return stdout;
  }

  const runtimes = [
    ...nodeRuntimes(Number(JAVASCRIPT.minimumVersion)).map((node) => ({
      name: `Node.js ${node.version}`,
      command: node.command,
      helper: 'token.mjs',
      reads: 'reads.mjs',
    })),
    { name: `Python ${pythonRuntime().version}`, command: 'python3', helper: 'api_token.py', reads: 'reads.py' },
  ];

  describe.each(runtimes)('on $name', (runtime) => {
    it('runs by itself and lists the document types', async () => {
      expect(await run(runtime.command, [runtime.helper])).toMatch(/^200 \{"data":/);
    }, 30_000);

    it('reads every API with its default scopes', async () => {
      const statuses = JSON.parse(await run(runtime.command, [runtime.reads])) as Record<string, number>;
      expect(Object.values(statuses).filter((status) => status === 401 || status === 403)).toEqual([]);
    }, 30_000);

    it('asks for the scopes in SCOPES', async () => {
      const statuses = JSON.parse(await run(runtime.command, [runtime.reads], 'orders.read')) as Record<string, number>;
      expect(statuses).toMatchObject({ accounts: 403, documents: 403 });
      expect(statuses.orders).not.toBe(403);
    }, 30_000);
  });
});
