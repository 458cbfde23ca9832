/**
 * A test client of the sandbox over HTTP: a clock the test moves, a token of a demo client, and a `send` that
 * checks every answer of an operation against the description of that operation and status.
 */
import { randomUUID } from 'node:crypto';
import { isObject, type JsonObject } from '../../openapi/document';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';
import { matchOperation, validateResponse, type SandboxDescriptions } from '../spec';

/** Where `npm run sandbox` listens: the sandbox answers requests addressed to this machine only. */
const BASE = 'http://localhost:4020';

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: JsonObject;
}

/** What a request sends: a bearer token, a JSON `body` or a `raw` one, and headers. */
export interface RequestParts {
  readonly token?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly raw?: BodyInit;
}

/** Sends a request to the sandbox as a client would, and reads the answer's body: JSON, or its size in bytes. */
export async function request(
  sandbox: Sandbox,
  method: string,
  path: string,
  parts: RequestParts = {},
): Promise<Reply & { readonly type: string | null }> {
  const headers: Record<string, string> = { ...parts.headers };
  if (parts.token) headers.Authorization = `Bearer ${parts.token}`;
  let body: BodyInit | undefined = parts.raw;
  if (parts.body !== undefined) {
    body = JSON.stringify(parts.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await sandbox.fetch(new Request(`${BASE}${path}`, { method, headers, body }));
  const type = response.headers.get('Content-Type');
  const parsed = type?.includes('json')
    ? ((await response.json()) as JsonObject)
    : { bytes: (await response.arrayBuffer()).byteLength };
  return { status: response.status, headers: response.headers, body: parsed, type };
}

export interface TestClient {
  readonly sandbox: Sandbox;
  /** Moves the sandbox's clock. */
  tick(ms: number): void;
  /** Gets a new token, as a client does when its token expires (after an hour of `tick`). */
  renewToken(): Promise<void>;
  /** Sends a request with the client's token; a JSON `body` or a `raw` one. */
  send(method: string, path: string, parts?: Omit<RequestParts, 'token'>): Promise<Reply>;
  /** Answers that break their operation's description: `METHOD path status: problem`. */
  readonly invalid: string[];
}

/**
 * A new sandbox with its own clock, and a client holding a token of `sandbox-demo` (every scope); `options` are
 * laid over the sandbox's (an `ids` source, say).
 */
export async function testClient(options: Omit<SandboxOptions, 'now'> = {}): Promise<TestClient> {
  let clock = Date.parse('2026-03-02T15:00:00Z');
  const sandbox = createSandbox({ rateLimit: false, ...options, now: () => clock });
  const invalid: string[] = [];
  const newToken = async (): Promise<string> => {
    const tokenResponse = await sandbox.fetch(
      new Request(`${BASE}/connect/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      }),
    );
    return ((await tokenResponse.json()) as { access_token: string }).access_token;
  };
  let token = await newToken();

  async function send(method: string, path: string, parts: Omit<RequestParts, 'token'> = {}): Promise<Reply> {
    const reply = await request(sandbox, method, path, { ...parts, token });
    const version = versionOf(sandbox, path);
    const match = version && matchOperation(version, method, path.slice(3).split('?')[0]);
    if (match && match.kind === 'operation') {
      const problems = validateResponse(
        match.operation,
        reply.status,
        reply.type,
        reply.type?.includes('json') ? reply.body : undefined,
      );
      invalid.push(...problems.map((problem) => `${method} ${path} ${reply.status}: ${problem}`));
    }
    return reply;
  }

  return {
    sandbox,
    tick: (ms) => {
      clock += ms;
    },
    renewToken: async () => {
      token = await newToken();
    },
    send,
    invalid,
  };
}

/** The descriptions of the version a path is under (`/v1/…`, `/v2/…`), or `undefined` outside them. */
export function versionOf(sandbox: Sandbox, path: string): SandboxDescriptions | undefined {
  return Object.values(sandbox.versions).find((version) => path.startsWith(`/${version.version}/`));
}

/** A fresh `Idempotency-Key` header. */
export const key = (): Record<string, string> => ({ 'Idempotency-Key': randomUUID() });

/** A request-body example of an operation, by name (default: the first), in v1 or another version. */
export function requestExample(
  sandbox: Sandbox,
  operationId: string,
  name?: string,
  descriptions: SandboxDescriptions = sandbox.descriptions,
): JsonObject {
  const operation = descriptions.operations.find((candidate) => candidate.operationId === operationId);
  const content = (operation?.definition.requestBody as JsonObject).content as JsonObject;
  const media = Object.values(content)[0] as JsonObject;
  if (!name && isObject(media.example)) return structuredClone(media.example);
  const examples = media.examples as Record<string, { value: JsonObject }>;
  return structuredClone((name ? examples[name] : Object.values(examples)[0]).value);
}

/** An individual account opened from its description's example, with USD 100,000.00 deposited: ready to trade. */
export async function fundedAccount(client: TestClient): Promise<string> {
  const application = requestExample(client.sandbox, 'openAccount', 'individual');
  delete application.accountNumber;
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  client.tick(2000);
  const accountNumber = String(opened.body.accountNumber);
  await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
    body: { amount: { amount: '100000.00', currency: 'USD' } },
    headers: key(),
  });
  return accountNumber;
}

/** A `multipart/form-data` body as curl `--form` sends it: each field a part, `file` a PDF. */
export function multipart(fields: Readonly<Record<string, unknown>>): { raw: string; headers: Record<string, string> } {
  const boundary = 'sandbox-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    name === 'file'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n${String(value)}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return {
    raw: `${parts.join('')}--${boundary}--\r\n`,
    headers: { ...key(), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  };
}
