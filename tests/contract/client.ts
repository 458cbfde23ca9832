/**
 * The contract suite's client of a target: tokens, requests as a developer sends them, every answer of an
 * operation held to its description (check.ts), and a ledger of what the run has seen: the statuses each
 * operation answered and the statuses each order went through, which the unreachable list is checked against.
 */
import { randomUUID } from 'node:crypto';
import { isObject, type JsonObject } from '../../openapi/document';
import { answerProblems, operationAt, type Operation } from './check';
import type { Target } from './target';

export interface ApiRequest {
  readonly method: string;
  /** Below the base URL, with or without a query: `/orders/equity?limit=1`. */
  readonly path: string;
  readonly body?: unknown;
  /** A body sent as it is (`body` is then ignored), with its content type. */
  readonly raw?: { readonly content: string | Uint8Array; readonly contentType: string };
  readonly headers?: Readonly<Record<string, string>>;
  /** `null` sends no `Authorization`; a string sends that bearer token; by default the client's own. */
  readonly token?: string | null;
  /** Send through the target's rate-limited client. */
  readonly rateLimited?: boolean;
}

export interface Reply {
  readonly request: ApiRequest;
  readonly operation: Operation | null;
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string | null;
  /** The JSON body (an empty object for any other body). */
  readonly json: JsonObject;
  /** How the answer breaks its operation's description. */
  readonly problems: readonly string[];
}

/** The error code of an error answer. */
export const codeOf = (reply: Reply): string | undefined =>
  isObject(reply.json.error) ? String(reply.json.error.code) : undefined;

export const newKey = (): Record<string, string> => ({ 'Idempotency-Key': randomUUID() });

export class Client {
  /** `operationId status` of every answer an operation gave in this run. */
  readonly statusesSeen = new Set<string>();
  /** The statuses each order was seen in, in order, repeats dropped (by `orderId`). */
  readonly orderHistories = new Map<string, string[]>();
  private readonly tokens = new Map<string, Promise<string>>();

  constructor(readonly target: Target) {}

  /** A token of the target's client, for every scope it holds or for `scope` only. */
  token(scope = ''): Promise<string> {
    const cached = this.tokens.get(scope);
    if (cached) return cached;
    const fresh = this.requestToken(scope);
    this.tokens.set(scope, fresh);
    fresh.catch(() => this.tokens.delete(scope));
    return fresh;
  }

  private async requestToken(scope: string): Promise<string> {
    const { target } = this;
    const basic = Buffer.from(
      `${encodeURIComponent(target.clientId)}:${encodeURIComponent(target.clientSecret)}`,
    ).toString('base64');
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
    const response = await target.fetch(
      new Request(target.tokenUrl, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    );
    const body = (await response.json()) as JsonObject;
    if (response.status !== 200 || typeof body.access_token !== 'string') {
      throw new Error(`${target.tokenUrl} gave ${response.status} ${JSON.stringify(body)} for scope "${scope}"`);
    }
    return body.access_token;
  }

  /** Sends a request and holds its answer to the description; a `429` outside a rate-limit test is waited out. */
  async send(request: ApiRequest): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      const reply = await this.sendOnce(request);
      // A token expires (after an hour, or when a test moves the clock): get a new one, as a client does.
      if (reply.status === 401 && request.token === undefined && attempt === 0) {
        this.tokens.clear();
        continue;
      }
      if (reply.status !== 429 || request.rateLimited || attempt >= 5) return reply;
      const seconds = Number(reply.headers.get('Retry-After') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
    }
  }

  private async sendOnce(request: ApiRequest): Promise<Reply> {
    const { target } = this;
    const headers: Record<string, string> = { Accept: 'application/json, application/pdf', ...request.headers };
    const token = request.token === undefined ? await this.token() : request.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (request.raw) {
      body = typeof request.raw.content === 'string' ? request.raw.content : Buffer.from(request.raw.content);
      headers['Content-Type'] = request.raw.contentType;
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['Content-Type'] = 'application/json';
    }
    const send = request.rateLimited ? target.rateLimitedFetch : target.fetch;
    const response = await withRetry(() =>
      send(new Request(`${target.baseUrl}${request.path}`, { method: request.method, headers, body })),
    );
    const contentType = response.headers.get('Content-Type');
    const text = await response.text();
    let parsed: unknown;
    if (contentType?.includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    const operation = operationAt(request.method, request.path.split('?')[0]);
    const answer = { status: response.status, headers: response.headers, contentType, body: parsed };
    const problems = operation ? answerProblems(operation, answer) : [];
    if (operation) this.statusesSeen.add(`${operation.operationId} ${response.status}`);
    const json = isObject(parsed) ? parsed : {};
    this.noteOrder(json);
    return { request, operation, status: response.status, headers: response.headers, contentType, json, problems };
  }

  /** Notes the status of an order in an answer (an order, or an order search's page). */
  private noteOrder(json: JsonObject): void {
    const orders = Array.isArray(json.data) ? json.data.filter(isObject) : [json];
    for (const order of orders) {
      if (typeof order.orderId !== 'string' || typeof order.status !== 'string' || !('leavesQuantity' in order)) {
        continue;
      }
      const history = this.orderHistories.get(order.orderId) ?? [];
      if (history.at(-1) !== order.status) history.push(order.status);
      this.orderHistories.set(order.orderId, history);
    }
  }

  /** Every pair of statuses an order was seen in one after the other (`NEW -> FILLED`). */
  transitionsSeen(): Set<string> {
    const seen = new Set<string>();
    for (const history of this.orderHistories.values()) {
      for (let index = 1; index < history.length; index++) seen.add(`${history[index - 1]} -> ${history[index]}`);
    }
    return seen;
  }

  /**
   * Polls `path` with GET until `holds` is true of its answer, and returns that answer; fails with the last
   * answer when the target's deadline passes first. Waits for a state, never for a fixed time.
   */
  async waitFor(path: string, holds: (reply: Reply) => boolean, what: string): Promise<Reply> {
    const deadline = Date.now() + this.target.deadlineMs;
    for (;;) {
      const reply = await this.send({ method: 'GET', path });
      if (holds(reply)) return reply;
      if (Date.now() > deadline) {
        throw new Error(
          `${what}: not within ${this.target.deadlineMs} ms at ${this.target.name}; GET ${path} last gave ${reply.status} ${JSON.stringify(reply.json)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.target.pollMs));
    }
  }

  /** Polls like `waitFor` and returns whether `holds` ever became true (for what should not happen). */
  async becomes(path: string, holds: (reply: Reply) => boolean): Promise<boolean> {
    try {
      await this.waitFor(path, holds, 'state');
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Sends again, up to five times, a request that met a connection the server had just closed (`fetch failed`:
 * after the `429` tests' bursts undici's pool may hold several such connections), each time once the pending
 * socket events have run. Only reached over HTTP, never in process.
 */
async function withRetry(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= 5 || !(error instanceof TypeError)) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** The path below the base URL that a `Location` header names (it may be absolute). */
export function locationPath(reply: Reply, baseUrl: string): string {
  const location = reply.headers.get('Location');
  if (!location) throw new Error(`${reply.operation?.operationId ?? reply.request.path}: no Location header`);
  const base = new URL(baseUrl);
  const url = new URL(location, base);
  return url.pathname.slice(base.pathname.length) + url.search;
}
