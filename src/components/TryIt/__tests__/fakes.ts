/**
 * Fakes for the Try it panel's unit tests: responses and a `fetch` that answers by URL (jsdom has neither),
 * the two targets, and a small operation module with checks the test decides.
 */
import type { Check, TryItModule, TryItOperation } from '@site/contracts/tryIt/operation';
import type { CheckError } from '@site/contracts/openapi/issues';
import type { Target } from '../tryItRequest';

export const LOCAL: Target = {
  id: 'local',
  label: 'Local sandbox',
  apiUrl: 'http://localhost:4020/v1',
  tokenUrl: 'http://localhost:4020/connect/token',
};
export const PROXY: Target = {
  id: 'proxy',
  label: 'Sandbox',
  apiUrl: 'http://localhost/api-proxy/v1',
  tokenUrl: '/api-proxy/connect/token',
};

/** A response as `fetch` resolves it: JSON when `body` is not a string. */
export function fakeResponse(
  status: number,
  body: unknown = '',
  { statusText = '', contentType }: { statusText?: string; contentType?: string } = {},
): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = new Headers({
    'Content-Type': contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
  });
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
  } as unknown as Response;
}

type Answer = Response | Error | Promise<Response>;

/** A `fetch` answering each request with `answer(url, init)` (an Error is a network failure); its calls are kept. */
export function fakeFetch(answer: (url: string, init: RequestInit) => Answer) {
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answered = await answer(String(input), init ?? {});
    if (answered instanceof Error) throw answered;
    return answered;
  });
  return fetch as typeof fetch & typeof globalThis.fetch;
}

/** A check that passes, or fails with `errors`. */
export function fakeCheck(errors?: CheckError[]): Check {
  return Object.assign(() => !errors, { errors: errors ?? null });
}

/** `reserveAccountNumber` as a small module: an `Idempotency-Key` header, a JSON body, 201 described. */
export const OPERATION: TryItOperation = {
  operationId: 'reserveAccountNumber',
  method: 'POST',
  basePath: '/v1',
  path: '/account-numbers',
  contentType: 'application/json',
  bodyRequired: true,
  fields: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      type: 'string',
      example: '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b',
      description: '',
    },
  ],
  formParts: [],
  examples: [
    {
      name: 'individual',
      summary: 'An individual account',
      body: { kind: 'json', value: { accountType: 'INDIVIDUAL' } },
    },
    { name: 'joint', summary: 'A joint account', body: { kind: 'json', value: { accountType: 'JOINT' } } },
  ],
  responses: { '201': { contentTypes: ['application/json'], checked: true } },
};

export function fakeModule(
  { request = fakeCheck(), response = fakeCheck() }: { request?: Check; response?: Check } = {},
  operation: TryItOperation = OPERATION,
): TryItModule {
  return { operation, request, response_201: response };
}
