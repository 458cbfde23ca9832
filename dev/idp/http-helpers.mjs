// Small helpers shared by the provider's own Koa middleware (oidc-provider's Provider
// is a Koa application, so `ctx` is a Koa context).
import * as querystring from 'node:querystring';

const BODY_LIMIT = 64 * 1024;

/** Reads the raw request body as text (small bodies only). */
export async function readBodyText(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses an application/x-www-form-urlencoded body into a plain object. */
export async function readFormBody(req) {
  return { ...querystring.parse(await readBodyText(req)) };
}

/** Parses a JSON body; an empty body is `{}`. Throws on invalid JSON. */
export async function readJsonBody(req) {
  const text = await readBodyText(req);
  return text.trim() ? JSON.parse(text) : {};
}

/** Echoes the Origin as allowed when it is one of `allowedOrigins`. */
export function allowOrigin(ctx, allowedOrigins) {
  ctx.vary('Origin');
  const origin = ctx.get('Origin');
  if (origin && allowedOrigins.has(origin)) {
    ctx.set('Access-Control-Allow-Origin', origin);
  }
}

export function sendJson(ctx, status, body) {
  ctx.status = status;
  ctx.body = body;
  ctx.set('Cache-Control', 'no-store');
}
