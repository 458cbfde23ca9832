import { localSandboxOrigin } from '@site/contracts/net/loopback';
import {
  basicCredentials,
  curlCommand,
  exampleValues,
  maskedToken,
  prepareRequest,
  responseProblems,
  type FormValues,
  type Target,
} from '../tryItRequest';
import { moduleOf } from './modules';

const LOCAL: Target = {
  id: 'local',
  label: 'Local sandbox',
  apiUrl: 'http://localhost:4020/v1',
  tokenUrl: 'http://localhost:4020/connect/token',
};
const KEY = '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b';

describe('prepareRequest', () => {
  const place = moduleOf('orders', 'placeEquityOrder');

  it('sends the selected example as it is', () => {
    const values = exampleValues(place.operation, 'sandboxWorkingLimitBuy');
    const prepared = prepareRequest(
      place,
      { ...values, fields: { ...values.fields, 'header:Idempotency-Key': KEY } },
      LOCAL,
    );
    expect(prepared).toEqual({
      ok: true,
      request: {
        method: 'POST',
        url: 'http://localhost:4020/v1/orders/equity',
        headers: [
          ['Idempotency-Key', KEY],
          ['Accept', 'application/json'],
          ['Content-Type', 'application/json'],
        ],
        body: JSON.stringify(JSON.parse(values.body)),
      },
    });
    expect(JSON.parse(values.body)).toMatchObject({ type: 'LIMIT' });
  });

  it('names each field that is wrong before sending: not JSON, a missing field, a bad header', () => {
    const values = exampleValues(place.operation);
    const notJson = prepareRequest(place, { ...values, body: '{"symbol": ' }, LOCAL);
    expect(notJson).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          field: 'Request body',
          key: 'body',
          message: expect.stringMatching(/^is not valid JSON/),
        }),
      ],
    });
    const { symbol: _symbol, ...rest } = JSON.parse(values.body) as Record<string, unknown>;
    const wrong = prepareRequest(
      place,
      { body: JSON.stringify(rest), fields: { ...values.fields, 'header:Idempotency-Key': 'twelve' } },
      LOCAL,
    );
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.problems).toEqual(
      expect.arrayContaining([
        { field: 'body.symbol', key: 'body', message: 'is required' },
        { field: 'Idempotency-Key (header)', key: 'header:Idempotency-Key', message: 'must match format "uuid"' },
      ]),
    );
  });

  it('fills the path and sends a required query value typed, an empty optional one not at all', () => {
    const get = moduleOf('orders', 'getEquityOrder');
    const { fields } = exampleValues(get.operation);
    expect(fields['path:orderId']).toMatch(/\S/);
    const prepared = prepareRequest(get, { fields, body: '' }, LOCAL);
    expect(prepared.ok && prepared.request.url).toBe(
      `http://localhost:4020/v1/orders/equity/${fields['path:orderId']}`,
    );
    const odd = prepareRequest(get, { fields: { 'path:orderId': 'ord/1 2' }, body: '' }, LOCAL);
    expect(!odd.ok && odd.problems.map(({ key }) => key)).toEqual(['path:orderId']);
    const missing = prepareRequest(get, { fields: { 'path:orderId': '' }, body: '' }, LOCAL);
    expect(!missing.ok && missing.problems).toEqual([
      { field: 'orderId (path)', key: 'path:orderId', message: 'is required' },
    ]);
    const search = moduleOf('orders', 'searchEquityOrders');
    const limit = search.operation.fields.find((field) => field.name === 'limit');
    expect(limit).toBeDefined();
    const bad = prepareRequest(
      search,
      { fields: { ...exampleValues(search.operation).fields, 'query:limit': '100000' }, body: '' },
      LOCAL,
    );
    expect(!bad.ok && bad.problems.map(({ key }) => key)).toContain('query:limit');
  });
});

describe('curlCommand', () => {
  it('reads the token from $ACCESS_TOKEN and quotes what the shell would expand', () => {
    const command = curlCommand({
      method: 'POST',
      url: 'http://localhost:4020/v1/orders/equity',
      headers: [['Idempotency-Key', KEY]],
      body: JSON.stringify({ note: "it's $HOME" }),
    });
    expect(command).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
    expect(command).toContain(`-H 'Idempotency-Key: ${KEY}'`);
    expect(command).toContain(`"note": "it'\\''s $HOME"`);
    expect(command.startsWith("curl -X POST 'http://localhost:4020/v1/orders/equity'")).toBe(true);
  });
});

describe('responseProblems', () => {
  const place = moduleOf('orders', 'placeEquityOrder');
  it('lists an undescribed status, a wrong media type and schema mismatches; nothing for a match', () => {
    expect(responseProblems(place, { status: 418, contentType: 'application/json', body: {} })[0]).toMatch(
      /^Status 418 is not in the description, which lists 201, /,
    );
    expect(responseProblems(place, { status: 201, contentType: 'text/html', body: '' })).toEqual([
      'Content-Type text/html is not among those described: application/json.',
    ]);
    const mismatches = responseProblems(place, { status: 201, contentType: 'application/json', body: { orderId: 7 } });
    expect(mismatches).toEqual(expect.arrayContaining([expect.stringMatching(/^orderId: must be string/)]));
  });
});

describe('small helpers', () => {
  it('masks a token to its last four characters', () => {
    expect(maskedToken('abcdefghijkl.wxyz')).toBe('••••••••wxyz');
  });
  it('encodes the Basic credentials as the sandbox reads them', () => {
    expect(basicCredentials('sandbox-demo', 'sandbox-demo-secret')).toBe(
      `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}`,
    );
  });
  it('accepts a local sandbox on this machine only', () => {
    expect(localSandboxOrigin('http://localhost:4020/')).toBe('http://localhost:4020');
    expect(localSandboxOrigin('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    for (const refused of [
      // Loopback, but the site's Content-Security-Policy cannot name it (contracts/net/loopback.ts).
      'http://[::1]:4020',
      'https://api.clearing.example',
      'http://sandbox.api.clearing.example',
      'javascript:alert(1)',
      'localhost:4020',
    ]) {
      expect(localSandboxOrigin(refused)).toBeNull();
    }
  });
});

describe('a path parameter', () => {
  const position = moduleOf('accounts', 'getPosition');
  const withSymbol = (symbol: string) => {
    const values = exampleValues(position.operation);
    return prepareRequest(position, { ...values, fields: { ...values.fields, 'path:symbol': symbol } }, LOCAL);
  };

  it('is sent encoded, as one segment', () => {
    expect(withSymbol('BRK.B A')).toMatchObject({
      ok: true,
      request: { url: 'http://localhost:4020/v1/accounts/5GT10001/positions/BRK.B%20A' },
    });
  });

  it.each(['BRK/B', 'BRK\\B', '%2F', '..'])(
    'is refused before sending when %s cannot stand in one segment (the sandbox and the proxy would refuse it)',
    (symbol) => {
      expect(withSymbol(symbol)).toEqual({
        ok: false,
        problems: [expect.objectContaining({ field: 'symbol (path)', key: 'path:symbol' })],
      });
    },
  );
});

describe('query parameters', () => {
  const list = moduleOf('orders', 'searchEquityOrders');
  const withQuery = (fields: Record<string, string>) => {
    const values = exampleValues(list.operation);
    return prepareRequest(list, { ...values, fields: { ...values.fields, ...fields } }, LOCAL);
  };

  it('sends an array as comma-separated items, as the sandbox reads it', () => {
    const prepared = withQuery({ 'query:status': 'FILLED,CANCELED' });
    expect(prepared.ok && new URL(prepared.request.url).searchParams.get('status')).toBe('FILLED,CANCELED');
    expect(withQuery({ 'query:status': 'FILLED' }).ok).toBe(true);
    expect(withQuery({ 'query:status': 'FILLED,DONE' })).toMatchObject({
      ok: false,
      problems: [{ key: 'query:status' }],
    });
  });
});

describe('a multipart upload', () => {
  const upload = moduleOf('accounts', 'addAccountDocument');
  const withKey = (values: FormValues): FormValues => ({
    ...values,
    fields: { ...values.fields, 'header:Idempotency-Key': KEY },
  });

  it("starts with the example's text parts and no file", () => {
    const { form } = exampleValues(upload.operation);
    expect(form).toEqual({
      text: {
        documentType: 'GOVERNMENT_ID',
        partyId: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
        actionId: 'e4a7c1d9-3b2f-4f6e-8a10-5c9d2e7b4f13',
        description: "Front and back of driver's license",
      },
      files: {},
    });
  });

  it('names the required file and field when they are missing, and sends nothing', () => {
    const values = withKey(exampleValues(upload.operation));
    const prepared = prepareRequest(upload, { ...values, form: { text: { documentType: '' }, files: {} } }, LOCAL);
    expect(prepared).toEqual({
      ok: false,
      problems: [
        { field: 'file (form)', key: 'form:file', message: 'is required: choose a file' },
        { field: 'documentType (form)', key: 'form:documentType', message: 'is required' },
      ],
    });
  });

  it('sends the chosen file and the filled fields as multipart/form-data, leaving empty ones out', () => {
    const values = withKey(exampleValues(upload.operation));
    const file = new File(['%PDF-1.7 test'], 'passport scan.pdf', { type: 'application/pdf' });
    const prepared = prepareRequest(
      upload,
      { ...values, form: { text: { ...values.form?.text, actionId: '' }, files: { file } } },
      LOCAL,
    );
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const { request } = prepared;
    expect(request.url).toBe('http://localhost:4020/v1/accounts/5GT10001/documents');
    // The browser writes the Content-Type, with the boundary.
    expect(request.headers.map(([name]) => name)).toEqual(['Idempotency-Key', 'Accept']);
    expect(request.body).toBeInstanceOf(FormData);
    const form = request.body as FormData;
    const names: string[] = [];
    form.forEach((_value, name) => names.push(name));
    expect(names).toEqual(['file', 'documentType', 'partyId', 'description']);
    expect((form.get('file') as File).name).toBe('passport scan.pdf');
    expect((form.get('file') as File).size).toBe(file.size);
    expect(form.get('documentType')).toBe('GOVERNMENT_ID');

    expect(curlCommand(request).split(' \\\n  ')).toEqual([
      "curl -X POST 'http://localhost:4020/v1/accounts/5GT10001/documents'",
      '-H "Authorization: Bearer $ACCESS_TOKEN"',
      `-H 'Idempotency-Key: ${KEY}'`,
      "-H 'Accept: application/json'",
      "--form 'file=@passport scan.pdf'",
      "--form 'documentType=GOVERNMENT_ID'",
      "--form 'partyId=c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f'",
      `--form 'description=Front and back of driver'\\''s license'`,
    ]);
  });

  it('writes parts that curl would misread so that it reads them as they are', () => {
    const values = withKey(exampleValues(upload.operation));
    const file = new File(['x'], 'scan;type=text.pdf', { type: 'application/pdf' });
    const prepared = prepareRequest(
      upload,
      { ...values, form: { text: { documentType: 'W9', description: '@/etc/passwd' }, files: { file } } },
      LOCAL,
    );
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const curl = curlCommand(prepared.request);
    expect(curl).toContain(`--form 'file=@"scan;type=text.pdf"'`);
    expect(curl).toContain(`--form-string 'description=@/etc/passwd'`);
  });
});
