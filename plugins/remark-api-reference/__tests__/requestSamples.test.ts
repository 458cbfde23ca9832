import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NAMES, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import {
  exampleOf,
  requestUrl,
  sampleOptionsOf,
  sampleRequest,
  SampleError,
  type SampleOperation,
} from '../requestModel';
import { requestSamples } from '../requestSamples';

const operations: (SampleOperation & { operationId: string })[] = API_NAMES.flatMap((api) => {
  const description = loadDereferenced(api);
  const serverUrl = (description.servers as { url: string }[])[0].url;
  return operationsOf(api, description).map((operation) => ({ ...operation, serverUrl }));
});

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => unknown;

/** The JSON after `--data` in a curl sample, unquoted from the shell. */
function curlData(curl: string): unknown {
  const match = /--data '([\s\S]*)'$/.exec(curl);
  return match ? JSON.parse(match[1].replace(/'\\''/g, "'")) : undefined;
}

// Python samples are compiled in a scratch folder (py_compile writes its cache next to the file).
const pythonDir = mkdtempSync(join(tmpdir(), 'request-samples-'));
afterAll(() => rmSync(pythonDir, { recursive: true, force: true }));

describe.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', (_id, operation) => {
  const samples = requestSamples(operation);

  it('has curl, fetch and requests samples for the sandbox', () => {
    expect(samples.map((sample) => sample.label)).toEqual(['curl', 'JavaScript (fetch)', 'Python (requests)']);
    for (const sample of samples) {
      expect(sample.code).toContain('https://sandbox.api.clearing.example/v1');
      // Every path parameter is filled in (`${baseUrl}` is the fetch sample's base URL).
      expect(sample.code.replace('${baseUrl}', '')).not.toMatch(/\{[a-zA-Z]+\}/);
    }
  });

  it('reads the base URL from BASE_URL, with the sandbox as the default when it is unset', () => {
    const [curl, fetch, python] = samples.map((sample) => sample.code);
    expect(curl).toMatch(/^curl --request [A-Z]+ "\$\{BASE_URL:-https:\/\/sandbox\.api\.clearing\.example\/v1\}\//);
    expect(fetch).toContain('const baseUrl = process.env.BASE_URL ?? "https://sandbox.api.clearing.example/v1";');
    expect(fetch).toContain('await fetch(`${baseUrl}/');
    expect(python).toContain('base_url = os.environ.get("BASE_URL", "https://sandbox.api.clearing.example/v1")');
    expect(python).toMatch(/\(\n {4}base_url \+ "\//);
  });

  it('is a curl command bash accepts, sending the description example', () => {
    const [curl] = samples;
    expect(spawnSync('bash', ['-n'], { input: curl.code }).status).toBe(0);
    const media = Object.values(
      ((operation.definition.requestBody as Record<string, unknown> | undefined)?.content ?? {}) as Record<
        string,
        Record<string, unknown>
      >,
    )[0];
    if (media && !curl.code.includes('--form')) expect(curlData(curl.code)).toEqual(exampleOf(media));
  });

  it('is JavaScript that parses', () => {
    const source = samples[1].code.replace(/^import .*$/m, 'const fs = {};');
    expect(() => new AsyncFunction('process', source)).not.toThrow();
  });

  it('is Python that compiles', () => {
    const file = join(pythonDir, `${operation.operationId}.py`);
    writeFileSync(file, samples[2].code);
    const result = spawnSync('python3', ['-m', 'py_compile', file], { encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('sampleRequest', () => {
  const placeOrder = operations.find((operation) => operation.operationId === 'placeEquityOrder')!;

  it('sends a named example, with a new idempotency key made up by every sample', () => {
    const request = sampleRequest(placeOrder, { example: 'fractionalMarketBuy' });
    expect(request.headers).toContainEqual({ name: 'Idempotency-Key', value: { kind: 'newUuid' } });
    expect(request.body).toMatchObject({ kind: 'json', value: { type: 'MARKET' } });
    const [curl, fetch, python] = requestSamples(placeOrder);
    expect(curl.code).toContain(`--header "Idempotency-Key: $(node -p 'crypto.randomUUID()')"`);
    expect(fetch.code).toContain('"Idempotency-Key": crypto.randomUUID(),');
    expect(python.code).toContain('"Idempotency-Key": str(uuid.uuid4()),');
    expect(python.code).toMatch(/^import os\nimport uuid\n/);
  });

  it('names the examples there are when asked for one that is not', () => {
    expect(() => sampleRequest(placeOrder, { example: 'noSuchExample' })).toThrow(SampleError);
    expect(() => sampleRequest(placeOrder, { example: 'noSuchExample' })).toThrow(/limitBuy/);
  });

  it('adds the optional query parameters asked for, and only those that exist', () => {
    const search = operations.find((operation) => operation.operationId === 'searchEquityOrders')!;
    const plain = new URL(requestUrl(sampleRequest(search)));
    const filtered = new URL(requestUrl(sampleRequest(search, { query: ['status'] })));
    expect(plain.searchParams.has('status')).toBe(false);
    expect(filtered.searchParams.get('status')).toBeTruthy();
    expect(() => sampleRequest(search, { query: ['nope'] })).toThrow(/no query parameter nope/);
  });

  it('uploads a file part by its file name', () => {
    const addDocument = operations.find((operation) => operation.operationId === 'addAccountDocument');
    expect(addDocument).toBeDefined();
    const [curl, fetch, python] = requestSamples(addDocument!);
    expect(curl.code).toContain("--form 'file=@drivers-license.pdf'");
    expect(fetch.code).toContain('fs.openAsBlob("drivers-license.pdf", { type: "application/pdf" })');
    expect(python.code).toContain(
      'files={"file": ("drivers-license.pdf", open("drivers-license.pdf", "rb"), "application/pdf")}',
    );
  });

  describe('a guide step that chains to the next through variables', () => {
    const find = (id: string) => operations.find((operation) => operation.operationId === id)!;
    const options = sampleOptionsOf({
      example: 'sandboxMarketBuy',
      variables: 'accountNumber=ACCOUNT_NUMBER',
      save: 'ORDER_ID=orderId',
    });

    it('reads a body field from the variable in every language, and the curl sample saves the response ID', () => {
      const [curl, fetch, python] = requestSamples(find('placeEquityOrder'), options);
      expect(curl.code).toContain(`"accountNumber": "'"$ACCOUNT_NUMBER"'",`);
      expect(curl.code).toMatch(/^curl --silent --show-error --request POST /);
      expect(curl.code).toContain(
        `| tee response.json\nexport ORDER_ID=$(node -p 'JSON.parse(require("fs").readFileSync("response.json", "utf8")).orderId')`,
      );
      expect(fetch.code).toContain('"accountNumber": process.env.ACCOUNT_NUMBER,');
      expect(python.code).toContain('"accountNumber": os.environ["ACCOUNT_NUMBER"],');
      for (const sample of [curl, fetch, python]) expect(sample.code).not.toContain('\u0000');
    });

    it('runs in bash: the body carries the variable, and the saved ID is exported for the next step', () => {
      const [curl] = requestSamples(find('placeEquityOrder'), options);
      const dir = mkdtempSync(join(tmpdir(), 'chained-sample-'));
      try {
        // A stand-in curl that prints the body it was given as the response, with an orderId.
        const script = [
          `curl() { while [ "$1" != --data ]; do shift; done; node -e 'const b = JSON.parse(process.argv[1]); console.log(JSON.stringify({ ...b, orderId: "o-" + b.accountNumber }))' "$2"; }`,
          curl.code,
          'echo "ORDER_ID=$ORDER_ID"',
        ].join('\n');
        const result = spawnSync('bash', ['-c', script], {
          cwd: dir,
          encoding: 'utf8',
          env: { PATH: process.env.PATH, HOME: dir, ACCOUNT_NUMBER: '5GT99999' },
        });
        expect(result.status).toBe(0);
        expect(result.stdout).toContain('"accountNumber":"5GT99999"');
        expect(result.stdout).toMatch(/ORDER_ID=o-5GT99999$/m);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('saves a field of the list entry with a value: the trusted contact among the parties', () => {
      const [curl] = requestSamples(
        find('getAccount'),
        sampleOptionsOf({ save: 'TRUSTED_CONTACT_ID=associatedParties[role:TRUSTED_CONTACT].partyId' }),
      );
      const dir = mkdtempSync(join(tmpdir(), 'chained-sample-'));
      try {
        const account = {
          associatedParties: [
            { partyId: 'p-joint', role: 'JOINT_OWNER' },
            { partyId: 'p-contact', role: 'TRUSTED_CONTACT' },
          ],
        };
        const script = [
          `curl() { echo '${JSON.stringify(account)}'; }`,
          curl.code,
          'echo "TRUSTED_CONTACT_ID=$TRUSTED_CONTACT_ID"',
        ].join('\n');
        const result = spawnSync('bash', ['-c', script], {
          cwd: dir,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        });
        expect(result.stdout).toMatch(/^TRUSTED_CONTACT_ID=p-contact$/m);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('reads a path parameter from the variable in every language', () => {
      const [curl, fetch, python] = requestSamples(
        find('getEquityOrder'),
        sampleOptionsOf({ variables: 'orderId=ORDER_ID' }),
      );
      expect(curl.code).toContain('/orders/equity/${ORDER_ID}"');
      expect(fetch.code).toContain('/orders/equity/${process.env.ORDER_ID}`');
      expect(python.code).toContain(`base_url + f"/orders/equity/{os.environ['ORDER_ID']}",`);
      const file = join(pythonDir, 'chained.py');
      writeFileSync(file, python.code);
      expect(spawnSync('python3', ['-m', 'py_compile', file]).status).toBe(0);
      expect(() => new AsyncFunction('process', fetch.code)).not.toThrow();
    });

    it('refuses a variable the operation has no place for, and pairs written the wrong way round', () => {
      expect(() => sampleRequest(find('getEquityOrder'), { variables: { accountId: 'ACCOUNT_ID' } })).toThrow(
        /no path parameter or body field accountId/,
      );
      expect(() => sampleOptionsOf({ save: 'orderId=ORDER_ID' })).toThrow(/VARIABLE=field/);
      expect(() => sampleOptionsOf({ variables: 'orderId' })).toThrow(SampleError);
    });
  });
});
