/**
 * An API request under a version's prefix (`/v1`, `/v2`) from its operation to its answer: the token, the rate limit, the scope, the path
 * identifiers, the body and its validation, the idempotency key, and the operation's handler over the client's
 * state once time has moved it (sandbox/operations.ts).
 */
import { createHash } from 'node:crypto';
import type { ApiName } from '../../openapi/descriptions';
import type { Context } from '../context';
import { ApiError, invalidField, type Answer } from '../http';
import { malformedPathIdentifier } from '../identifiers';
import { advance, HANDLERS } from '../operations';
import type { RateLimit, Take } from '../rateLimit';
import {
  matchOperation,
  validatePath,
  validateRequest,
  type SandboxDescriptions,
  type SandboxOperation,
} from '../spec';
import type { ClientState, Limits, Timing } from '../state';
import type { TokenClaims, TokenSigner } from '../tokens/signing';
import type { IdempotencyStore } from './idempotency';
import { oversizedFiles, parsedBody, readBody } from './body';
import { sunsetError, withHeaders } from './deprecation';

export interface DispatchOptions {
  /** The descriptions of the version this dispatcher serves (its operations, under `/<version>`). */
  readonly descriptions: SandboxDescriptions;
  /** v1's, to tell a request for an API that a later version lacks from one for no operation at all. */
  readonly v1Descriptions?: SandboxDescriptions;
  readonly states: ReadonlyMap<string, ClientState>;
  readonly signer: TokenSigner;
  readonly rateLimit: RateLimit | false;
  readonly takeToken: (clientId: string) => Take;
  readonly idempotency: IdempotencyStore;
  readonly idempotencyWindowMs: number;
  readonly timing: Timing;
  readonly limits: Limits;
  readonly now: () => number;
  readonly ids: () => string;
  /** How long a create call works before it answers, so that a concurrent retry sees `409 CONFLICT`. */
  readonly processingMs?: number;
}

function scopeCheck(operation: SandboxOperation, claims: TokenClaims): ApiError | null {
  if (operation.scopeSets.length === 0) return null;
  if (operation.scopeSets.some((set) => set.every((scope) => claims.scopes.includes(scope)))) return null;
  const needed = operation.scopeSets.map((set) => set.join(' and ')).join(' or ');
  return new ApiError(403, 'SCOPE_MISSING', `This operation needs the ${needed} scope.`);
}

/** The API of v1 that has an operation at `path` (any method), if any. */
function apiAt(v1: SandboxDescriptions, method: string, path: string): ApiName | undefined {
  const match = matchOperation(v1, method, path);
  if (match.kind === 'operation') return match.operation.api;
  if (match.kind === 'wrongMethod') {
    const other = matchOperation(v1, match.allowed[0], path);
    return other.kind === 'operation' ? other.operation.api : undefined;
  }
  return undefined;
}

/** The answer to an API request at `path` (below `/<version>`); errors are thrown as `ApiError`s. */
export function createDispatcher(options: DispatchOptions): (request: Request, path: string) => Promise<Answer> {
  const { descriptions, states, signer, rateLimit, now } = options;
  const prefix = `/${descriptions.version}`;
  // A later version's operation is answered by v1's handler of its operationId: a new one needs its own.
  const unhandled = descriptions.operations.filter((operation) => !Object.hasOwn(HANDLERS, operation.operationId));
  if (unhandled.length > 0) {
    const names = unhandled.map(
      (operation) => `${operation.operationId} (${operation.method} ${prefix}${operation.path})`,
    );
    throw new Error(`No handler in sandbox/operations.ts for ${names.join(', ')}`);
  }

  async function api(request: Request, path: string): Promise<Answer> {
    const match = matchOperation(descriptions, request.method, path);
    if (match.kind === 'unknownPath') {
      const elsewhere = options.v1Descriptions && apiAt(options.v1Descriptions, request.method, path);
      if (elsewhere && !descriptions.apis.includes(elsewhere)) {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `The ${elsewhere} API has no ${descriptions.version}: ${descriptions.version} has the ${descriptions.apis.join(', ')} API${descriptions.apis.length === 1 ? '' : 's'} only; the others are under /v1 (/v1${path}).`,
        );
      }
      throw new ApiError(
        404,
        'NOT_FOUND',
        `No operation at ${request.method} ${prefix}${path}. The operations are listed in the API reference.`,
      );
    }
    if (match.kind === 'wrongMethod') {
      throw new ApiError(
        405,
        'INVALID_REQUEST',
        `${request.method} is not allowed on ${prefix}${path}; use ${match.allowed.join(', ')}.`,
        undefined,
        {
          Allow: match.allowed.join(', '),
        },
      );
    }
    const { operation, params } = match;
    const { deprecation } = operation;
    if (!deprecation) return matched(request, operation, params, path);
    // Every answer of a deprecated operation says so, its errors too; from the sunset on it answers 404.
    const sunset = sunsetError(deprecation, request.method, `${prefix}${path}`, now());
    if (sunset) throw sunset;
    try {
      const answer = await matched(request, operation, params, path);
      return { ...answer, headers: { ...answer.headers, ...deprecation.headers } };
    } catch (error) {
      throw error instanceof ApiError ? withHeaders(error, deprecation.headers) : error;
    }
  }

  async function matched(
    request: Request,
    operation: SandboxOperation,
    params: Record<string, string>,
    path: string,
  ): Promise<Answer> {
    const claims = signer.read(request.headers.get('Authorization'));
    if (!claims || !states.has(claims.clientId)) {
      throw new ApiError(
        401,
        'UNAUTHENTICATED',
        'The access token is missing, malformed or expired. Request a new one from /connect/token.',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="sandbox"',
        },
      );
    }
    const limit = options.takeToken(claims.clientId);
    const limitHeaders: Record<string, string> = rateLimit
      ? {
          'RateLimit-Limit': String(rateLimit.requestsPerSecond),
          'RateLimit-Remaining': String(limit.remaining),
          'RateLimit-Reset': '1',
        }
      : {};
    if (!limit.ok) {
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `More than ${rateLimit && rateLimit.requestsPerSecond} requests a second; retry after the Retry-After seconds.`,
        undefined,
        {
          'Retry-After': String(limit.retryAfter),
        },
      );
    }
    const answer = await operate(request, operation, params, claims, path);
    return { ...answer, headers: { ...limitHeaders, ...answer.headers } };
  }

  async function operate(
    request: Request,
    operation: SandboxOperation,
    params: Record<string, string>,
    claims: TokenClaims,
    path: string,
  ): Promise<Answer> {
    // Answered before the key is read, and so never stored for it: the scope, a path identifier that breaks its
    // format (404 NOT_FOUND on every operation, whatever the rest of the request: identifiers.ts), a body that
    // cannot be read and a missing or malformed key (400 INVALID_REQUEST). The token, the rate limit and the
    // body's size were checked before this.
    const scopeError = scopeCheck(operation, claims);
    if (scopeError) throw scopeError;
    const malformed = malformedPathIdentifier(operation.pathParameterNames, params, validatePath(operation, params));
    if (malformed) throw malformed;
    const read = await readBody(request, operation);
    const body = parsedBody(read);
    const url = new URL(request.url);
    const problems = validateRequest(operation, { params, query: url.searchParams, headers: request.headers, body });
    if (problems.header.length > 0) {
      throw new ApiError(
        400,
        'INVALID_REQUEST',
        operation.idempotencyKey === 'required'
          ? 'The Idempotency-Key header is required and must be a UUID.'
          : 'The Idempotency-Key header must be a UUID.',
      );
    }

    const state = states.get(claims.clientId) as ClientState;
    const { remember, forget } = options.idempotency;
    const key = request.headers.get('Idempotency-Key');
    const idempotent = key !== null && operation.idempotencyKey !== 'none';
    // A hash of what was asked: enough to tell a retry from another request, without keeping the body.
    const fingerprint = createHash('sha256')
      .update(
        `${operation.operationId}|${prefix}${path}|${read.text}|${JSON.stringify(body ?? null)}|${read.filesDigest ?? ''}`,
      )
      .digest('base64url');
    if (idempotent) {
      const previous = state.idempotency.get(key);
      if (previous && (previous.state === 'running' || now() - previous.at < options.idempotencyWindowMs)) {
        if (previous.fingerprint !== fingerprint) {
          throw new ApiError(
            409,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with a different request body.',
          );
        }
        if (previous.state === 'running') {
          throw new ApiError(
            409,
            'CONFLICT',
            'A request with this Idempotency-Key is still being processed; retry with the same key shortly.',
          );
        }
        if (previous.error) {
          const { code, message, details } = JSON.parse(previous.body) as Pick<
            ApiError,
            'code' | 'message' | 'details'
          >;
          throw new ApiError(previous.status, code, message, details, previous.headers);
        }
        return { status: previous.status, body: JSON.parse(previous.body), headers: previous.headers };
      }
      remember(state, key, { state: 'running', fingerprint });
    }
    // From here on the request is taken: its answer is stored for the key, a 2xx or a 4xx alike, and replayed for
    // the window; a 5xx (anything thrown that is not an ApiError) is not, so a retry with the key runs it again.
    try {
      if (idempotent && options.processingMs) await new Promise((resolve) => setTimeout(resolve, options.processingMs));
      const fieldProblems = [...problems.query, ...problems.body, ...oversizedFiles(operation, read.files)];
      if (fieldProblems.length > 0) throw invalidField(operation.api, fieldProblems);
      const context: Context = {
        api: operation.api,
        operationId: operation.operationId,
        descriptions,
        state,
        timing: options.timing,
        limits: options.limits,
        now: now() + state.clockOffsetMs,
        ids: options.ids,
        params,
        query: problems.query_values,
        body: body,
        base: `${url.origin}${prefix}`,
      };
      advance(context);
      const handler = HANDLERS[operation.operationId];
      const answer = handler(context);
      if (idempotent) {
        remember(state, key, {
          state: 'done',
          fingerprint,
          status: answer.status,
          body: JSON.stringify(answer.body),
          headers: { ...answer.headers },
          at: now(),
        });
      }
      return answer;
    } catch (error) {
      if (idempotent && error instanceof ApiError && error.status < 500 && error.status !== 429) {
        remember(state, key, {
          state: 'done',
          fingerprint,
          status: error.status,
          body: JSON.stringify({ code: error.code, message: error.message, details: error.details }),
          headers: { ...error.headers },
          at: now(),
          error: true,
        });
      } else if (idempotent) {
        forget(state, key);
      }
      throw error;
    }
  }

  return api;
}
