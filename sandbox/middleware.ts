/**
 * The Hono middleware in front of every route: the request ID, the host check against DNS rebinding, CORS for
 * the docs' Try it panel, and each operation's body limit.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { ApiError, errorBody, json, megabytes } from './http';
import { isLoopbackHost, isLoopbackOrigin } from './loopback';
import { matchOperation, type SandboxDescriptions } from './spec';

/**
 * A new ID for every request, in `X-Request-Id` and the `requestId` variable. An ID the client sends is not
 * taken over (`limitLength: 0`): the ID names the sandbox's answer, as the errors page says.
 */
export const requestIds = (ids: () => string): MiddlewareHandler => requestId({ limitLength: 0, generator: ids });

/**
 * The sandbox is asked by its own name: a page whose name was rebound to 127.0.0.1 (DNS rebinding) is
 * same-origin with it, but still sends its own name as the Host, and gets 421 Misdirected Request.
 */
export function hostGuard(allowedHosts: readonly string[] = []): MiddlewareHandler {
  const hosts = new Set(allowedHosts);
  return async (c, next) => {
    const host = new URL(c.req.url).hostname;
    if (isLoopbackHost(host) || hosts.has(host)) return next();
    const misdirected = new ApiError(
      421,
      'INVALID_REQUEST',
      `This sandbox answers requests addressed to this machine (localhost, 127.0.0.1, [::1])${hosts.size > 0 ? ` or to ${[...hosts].join(', ')}` : ''} only.`,
    );
    return json(421, errorBody(misdirected, c.get('requestId')), { 'X-Request-Id': c.get('requestId') });
  };
}

/** The docs' Try it panel calls the sandbox from the site's own origin; only a site on this machine may. */
export const corsPolicy = (): MiddlewareHandler =>
  cors({
    // No Origin (a request that is not a browser's cross-origin one) is no loopback origin: answered without parsing.
    origin: (origin) => (origin !== '' && isLoopbackOrigin(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
    exposeHeaders: ['*'],
    maxAge: 600,
  });

/**
 * The largest body each operation reads (`x-max-body-bytes` of its description): Hono's body limit answers a
 * larger one 413 PAYLOAD_TOO_LARGE before anything else is checked, without reading the rest of it.
 */
export function operationBodyLimits(descriptions: SandboxDescriptions): MiddlewareHandler {
  const bodyLimits = new Map<number, MiddlewareHandler>();
  const limitOf = (maxSize: number): MiddlewareHandler => {
    const cached = bodyLimits.get(maxSize);
    if (cached) return cached;
    const limit = bodyLimit({
      maxSize,
      onError: (c) => {
        const error = new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${maxSize} bytes (${megabytes(maxSize)}), the most this operation reads; nothing was read.`,
        );
        return json(413, errorBody(error, c.get('requestId')), { 'X-Request-Id': c.get('requestId') });
      },
    });
    bodyLimits.set(maxSize, limit);
    return limit;
  };
  return async (c, next) => {
    const prefix = `/${descriptions.version}`;
    const match = matchOperation(descriptions, c.req.method, new URL(c.req.url).pathname.slice(prefix.length));
    if (match.kind !== 'operation' || match.operation.maxBodyBytes === null) return next();
    return limitOf(match.operation.maxBodyBytes)(c, next);
  };
}
