/**
 * Every request sample the docs show, sent to a Prism mock of its API description, which checks the
 * path, parameters, security and body against the description: each must get the documented success
 * status. The curl samples run exactly as a reader copies them (the placeholder token in
 * `$ACCESS_TOKEN`, a new key from Node's `crypto.randomUUID()`), with the mock's URL in `$BASE_URL`, which every
 * sample reads its base URL from (the sandbox's when unset):
 * the generated `<RequestSamples>` and every hand-written ` ```bash ` block that calls an API. Calls to
 * the token endpoint are the identity provider's, not an API's: the content checks hold them to
 * `contracts/facts/index.ts` (tests/content/__tests__/facts.test.ts). The generated JavaScript and Python samples
 * run as pasted too, each saved as the file the pages say (`.mjs`, `.py`), on the oldest Node.js the pages allow
 * when it is on the PATH (else the one running the tests) and on python3: each must finish without error, which
 * for these samples means a 2xx answer.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NAMES, loadDereferenced, operationsOf, type ApiName } from '../../../openapi/descriptions';
import { isObject } from '../../../openapi/document';
import { startPrismMocks, type PrismMocks } from '../../../openapi/prismMock';
import { ENVIRONMENTS, SAMPLE_RUNTIMES, TOKEN_URL, URL_VARIABLES } from '../../../contracts/facts';
import { nodeRuntimes } from '../../../tests/content/sampleRuntimes';
import { docsFiles, readPage } from '../../../tests/content/docsPages';
import type { SampleOperation, SampleOptions } from '../requestModel';
import { requestSamples } from '../requestSamples';

interface Sample {
  readonly name: string;
  readonly operationId: string;
  readonly api: ApiName;
  readonly serverUrl: string;
  readonly curl: string;
  readonly status: number;
  /** The JavaScript and Python samples of a generated sample (a hand-written block is curl only). */
  readonly javascript?: string;
  readonly python?: string;
}

const operations = new Map(
  API_NAMES.flatMap((api) => {
    const description = loadDereferenced(api);
    const serverUrl = (description.servers as { url: string }[])[0].url;
    return operationsOf(api, description).map((operation) => [operation.operationId, { ...operation, serverUrl }]);
  }),
);

/** The lowest 2xx status of an operation: what Prism answers a valid request with. */
function successStatus(operation: SampleOperation): number {
  const statuses = Object.keys(isObject(operation.definition.responses) ? operation.definition.responses : {});
  return Math.min(...statuses.filter((status) => /^2\d\d$/.test(status)).map(Number));
}

/** Every `<RequestSamples … />` of the docs pages, with its attributes. */
function pageSampleRequests(): {
  readonly where: string;
  readonly operationId: string;
  readonly options: SampleOptions;
}[] {
  return readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .flatMap((file) => {
      const source = readFileSync(path.join('docs', file), 'utf8');
      const elements = [...source.matchAll(/<RequestSamples\b([^>]*?)\/>/g)];
      // Each element is self-closing on one line; one written otherwise would be missed here.
      expect(elements).toHaveLength((source.match(/<RequestSamples\b/g) ?? []).length);
      return elements.map(([, attributeText]) => {
        const attributes = Object.fromEntries(
          [...attributeText.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
        );
        return {
          where: file,
          operationId: attributes.operationId,
          options: {
            example: attributes.example,
            query: attributes.query?.split(',').map((name) => name.trim()),
          },
        };
      });
    });
}

function sampleOf(name: string, operationId: string, options: SampleOptions): Sample {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`${name}: no operation ${operationId}`);
  const [curl, javascript, python] = requestSamples(operation, options);
  return {
    name,
    operationId,
    api: operation.api,
    serverUrl: operation.serverUrl,
    curl: curl.code,
    status: successStatus(operation),
    javascript: javascript.code,
    python: python.code,
  };
}

/** A curl call of a shell block: its method and whole URL. */
interface CurlCall {
  readonly method: string;
  readonly url: string;
}

/**
 * The curl calls of a shell script: each `curl …` with its continuation lines. A URL that starts with a
 * variable and its default (`"${BASE_URL:-https://…/v1}/orders"`) is read with the default.
 */
function curlCalls(code: string): CurlCall[] {
  return [...code.matchAll(/(?:^|[;&|]\s*)curl\b((?:[^\n]*\\\n)*[^\n]*)/gm)].map(([, options]) => {
    const quoted = /["']?(?:\$\{\w+:-)?(https?:\/\/[^\s"'}]+)\}?([^\s"']*)["']?/.exec(options);
    const url = quoted ? quoted[1] + quoted[2] : '';
    const explicit = /(?:-X|--request)\s+["']?([A-Z]+)/.exec(options)?.[1];
    const sendsBody = /(?:^|\s)(?:-d|--data(?:-raw|-binary|-urlencode)?|-F|--form)\s/.test(options);
    return { method: explicit ?? (sendsBody ? 'POST' : 'GET'), url };
  });
}

/** `/orders/equity/{orderId}` matches `/orders/equity/0c4f…`. */
const matchesPath = (template: string, path: string): boolean =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);

/**
 * The hand-written ` ```bash ` blocks of the docs pages that call an API, one call per block, each as a
 * sample of the operation it calls; and what is wrong with those that can't be run.
 */
function handWrittenSamples(): { readonly samples: Sample[]; readonly problems: string[] } {
  const servers = ENVIRONMENTS.map((environment) => environment.baseUrl);
  const samples: Sample[] = [];
  const problems: string[] = [];
  for (const page of docsFiles().map(readPage)) {
    for (const block of page.codeBlocks.filter((candidate) => /^(?:bash|sh|shell)$/.test(candidate.lang))) {
      const where = `${page.file}:${block.line}`;
      const calls = curlCalls(block.code);
      const apiCalls = calls.filter((call) => servers.some((server) => call.url.startsWith(`${server}/`)));
      const others = calls.filter((call) => !apiCalls.includes(call) && !call.url.startsWith(TOKEN_URL));
      if (others.length > 0) problems.push(`${where}: curl to ${others.map((call) => call.url).join(', ')}`);
      if (apiCalls.length === 0) continue;
      if (calls.length > 1) {
        problems.push(`${where}: ${calls.length} curl calls in one block; show one request per block`);
        continue;
      }
      const [{ method, url }] = apiCalls;
      const serverUrl = servers.find((server) => url.startsWith(`${server}/`))!;
      const path = new URL(url).pathname.slice(new URL(serverUrl).pathname.length);
      const operation = [...operations.values()].find(
        (candidate) => candidate.method === method && matchesPath(candidate.path, path),
      );
      if (!operation) {
        problems.push(`${where}: ${method} ${path} is no operation of a description`);
        continue;
      }
      samples.push({
        name: `${where}: ${operation.operationId} (hand-written)`,
        operationId: operation.operationId,
        api: operation.api,
        serverUrl,
        curl: block.code,
        status: successStatus(operation),
      });
    }
  }
  return { samples, problems };
}

const HAND_WRITTEN = handWrittenSamples();

/** The samples of the docs pages, hand-written and generated, then each operation with each of its request-body examples. */
function allSamples(): Sample[] {
  const samples = [
    ...HAND_WRITTEN.samples,
    ...pageSampleRequests().map(({ where, operationId, options }) =>
      sampleOf(`${where}: ${operationId}${options.example ? ` (${options.example})` : ''}`, operationId, options),
    ),
  ];
  for (const [operationId, operation] of operations) {
    const requestBody = isObject(operation.definition.requestBody) ? operation.definition.requestBody : {};
    const media = Object.values(isObject(requestBody.content) ? requestBody.content : {}).find(isObject);
    const examples = media && isObject(media.examples) ? Object.keys(media.examples) : [];
    for (const example of examples.length > 0 ? examples : [undefined]) {
      samples.push(sampleOf(`${operationId}${example ? ` (${example})` : ''}`, operationId, { example }));
    }
  }
  // The same sample twice proves nothing more.
  return samples.filter((sample, index) => samples.findIndex((other) => other.curl === sample.curl) === index);
}

const SAMPLES = allSamples();

// A folder to run the samples in: the files they upload.
const workDir = mkdtempSync(path.join(tmpdir(), 'samples-against-mock-'));
for (const file of new Set(
  SAMPLES.flatMap((sample) => [...sample.curl.matchAll(/--form '\w+=@([^']+)'/g)].map((match) => match[1])),
)) {
  writeFileSync(path.join(workDir, file), '%PDF-1.4\n%%EOF\n');
}

let mocks: PrismMocks;
beforeAll(async () => {
  mocks = await startPrismMocks();
}, 180_000);
afterAll(async () => {
  await mocks?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Runs a curl sample as a reader would, against `baseUrl` instead of the sandbox: `curl` writes the
 * response body to a file and prints the status.
 */
function runCurl(sample: Sample, baseUrl: string): { status: number; body: string; violations: string[] } {
  const bodyFile = path.join(workDir, 'response');
  const headersFile = path.join(workDir, 'response-headers');
  const variable = `"\${${URL_VARIABLES.baseUrl}:-${sample.serverUrl}}/`;
  if (!sample.curl.includes(variable)) throw new Error(`${sample.name} does not call ${variable}…"`);
  const result = spawnSync(
    'bash',
    [
      '-c',
      `set -e\ncurl() { command curl --silent --show-error --output "$RESPONSE_FILE" --dump-header "$HEADERS_FILE" --write-out '%{http_code}' "$@"; }\n${sample.curl}`,
    ],
    {
      cwd: workDir,
      encoding: 'utf8',
      env: {
        ...process.env,
        ACCESS_TOKEN: 'placeholder-access-token',
        [URL_VARIABLES.baseUrl]: baseUrl,
        RESPONSE_FILE: bodyFile,
        HEADERS_FILE: headersFile,
      },
    },
  );
  if (result.status !== 0) throw new Error(`curl failed (${result.status}): ${result.stderr}`);
  // Prism names what it found wrong with the request or its own answer in this header.
  const header = /^sl-violations: (.*)$/im.exec(readFileSync(headersFile, 'utf8'))?.[1];
  const violations = header
    ? (JSON.parse(header) as { location?: string[]; message: string }[]).map(
        (violation) => `${(violation.location ?? []).join('.')}: ${violation.message}`,
      )
    : [];
  return { status: Number(result.stdout), body: readFileSync(bodyFile, 'utf8'), violations };
}

it('runs every hand-written curl block that calls an API, one call per block, each an operation of a description', () => {
  expect(HAND_WRITTEN.problems).toEqual([]);
  // Four today: on Authentication, the introduction and API standards (two). The scan must find them.
  expect(HAND_WRITTEN.samples.length).toBeGreaterThanOrEqual(4);
});

it('covers every sample of the docs pages and every request-body example', () => {
  expect(new Set(SAMPLES.map((sample) => sample.operationId))).toEqual(new Set(operations.keys()));
  expect(SAMPLES.length).toBeGreaterThan(operations.size);
});

/** The oldest Node.js found that the pages allow: the stated minimum's major release when on the PATH. */
const SAMPLE_NODE = nodeRuntimes(Number(SAMPLE_RUNTIMES.javascript.minimumVersion)).at(-1)!;

/** Saves a sample as the pages say and runs it as a reader would, with the mock's URL in `$BASE_URL`. */
function runSaved(
  command: string,
  file: string,
  code: string,
  baseUrl: string,
): { status: number | null; output: string } {
  writeFileSync(path.join(workDir, file), code);
  const result = spawnSync(command, [file], {
    cwd: workDir,
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      PATH: process.env.PATH,
      HOME: workDir,
      ACCESS_TOKEN: 'placeholder-access-token',
      [URL_VARIABLES.baseUrl]: baseUrl,
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.each(SAMPLES.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
  it('gets the documented success status from the mock', () => {
    const { status, body, violations } = runCurl(sample, mocks.baseUrls[sample.api]);
    expect({ status, violations, body: status === sample.status ? '' : body }).toEqual({
      status: sample.status,
      violations: [],
      body: '',
    });
  });

  if (sample.javascript) {
    const code = sample.javascript;
    it(`runs as pasted in JavaScript, saved as a ${SAMPLE_RUNTIMES.javascript.fileExtension} file, on Node.js ${SAMPLE_NODE.version}`, () => {
      const file = `sample${SAMPLE_RUNTIMES.javascript.fileExtension}`;
      expect(runSaved(SAMPLE_NODE.command, file, code, mocks.baseUrls[sample.api])).toEqual({ status: 0, output: '' });
    });
  }

  if (sample.python) {
    const code = sample.python;
    it(`runs as pasted in Python, with ${SAMPLE_RUNTIMES.python.command}`, () => {
      const file = `sample${SAMPLE_RUNTIMES.python.fileExtension}`;
      expect(runSaved(SAMPLE_RUNTIMES.python.command, file, code, mocks.baseUrls[sample.api])).toEqual({
        status: 0,
        output: '',
      });
    });
  }
});

describe('a broken sample fails', () => {
  const limitBuy = sampleOf('limitBuy', 'placeEquityOrder', { example: 'limitBuy' });
  const getOrder = sampleOf('getEquityOrder', 'getEquityOrder', {});

  it.each([
    ['a wrong path', limitBuy, (curl: string) => curl.replace('/orders/equity', '/orders/equities')],
    [
      'a body value the schema does not allow',
      limitBuy,
      (curl: string) => curl.replace('"side": "BUY"', '"side": "PURCHASE"'),
    ],
    ['a required body field left out', limitBuy, (curl: string) => curl.replace(/\n\s*"symbol": "[^"]*",/, '')],
    [
      'a required header left out',
      limitBuy,
      (curl: string) => curl.replace(/ \\\n\s*--header "Idempotency-Key: [^"]*"/, ''),
    ],
    [
      'a path parameter of the wrong format',
      getOrder,
      (curl: string) => curl.replace(/\/orders\/equity\/[^"]+/, '/orders/equity/not-an-id'),
    ],
  ])('%s', (_what, sample, breakIt) => {
    const curl = breakIt(sample.curl);
    expect(curl).not.toBe(sample.curl);
    const { status } = runCurl({ ...sample, curl }, mocks.baseUrls[sample.api]);
    expect(status).toBeGreaterThanOrEqual(400);
  });
});
