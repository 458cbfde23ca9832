// @ts-check
/**
 * What the server tells an operator, one JSON object per line (for any log shipper; on Cloudflare, Workers
 * Logs): a line per request, and a line per error with the id of the request it broke. A line never holds
 * a header, a cookie, a token or a query string (the sign-in callback's carries the authorisation code):
 * only the method, the path, and what the server did.
 *
 *   {"level":"info","time":"…","requestId":"…","method":"GET","path":"/docs/x/","status":200,"bytes":5120,"durationMs":3.1,"outcome":"admitted"}
 *   {"level":"info",…,"method":"POST","path":"/mcp","status":200,…,"outcome":"admitted","mcp":"tools/call:search_docs"}
 *   {"level":"error","time":"…","requestId":"…","method":"GET","path":"/docs/x/","error":"TypeError","message":"…","stack":"…"}
 */

import { setResponseHeader } from './responseHeaders.mjs';
import { completeBodyLength } from './completeResponse.mjs';

/**
 * What the gate did with a request: `public` (nothing to protect), `admitted` (a signed-in reader),
 * `shell` (an anonymous visitor of a protected page got the sign-in shell), `refused` (401 or 403).
 * @typedef {'public' | 'admitted' | 'shell' | 'refused'} Outcome
 */

/** @typedef {Record<string, string | number | null>} LogEntry */
/** @typedef {(entry: LogEntry) => void} Log */

/** A path longer than this is cut in the log (a request line can be several KiB). */
const MAX_LOGGED_PATH = 1024;

/** Writes each entry as one JSON line: errors to stderr, the rest to stdout. @type {Log} */
export const writeJsonLines = (entry) => {
  const line = JSON.stringify(entry);
  if (entry.level === 'error') console.error(line);
  else console.log(line);
};

/**
 * @typedef {object} LineSink where lines go
 * @property {(text: string) => unknown} write
 */

/** Held lines go out once they reach this many characters… */
const HELD_LINES_CHARS = 16 * 1024;
/** …or this long after the first of them, whichever comes first. */
const HELD_LINES_MS = 100;

/**
 * The same lines as `writeJsonLines`, for a long-running Node process (server/cli.mjs): info and warn lines are
 * held and written together, once they reach 16 KiB or 100 ms after the first of them, instead of one
 * synchronous write per request (writes to a pipe are synchronous on Linux: a tenth of a busy server's time,
 * scripts/bench/server.mjs). An error line goes out at once, after the lines before it. None is lost when the
 * process exits: what is held is written on `exit` (synchronously, to a pipe, a file or a terminal), which a
 * signal's handler, `process.exit` and an uncaught exception all pass through; a process killed with SIGKILL
 * loses at most the last 100 ms of lines.
 * @param {{ out?: LineSink, err?: LineSink }} [sinks] process.stdout and process.stderr unless given (tests)
 * @returns {Log & { flush: () => void }}
 */
export function bufferedJsonLines({ out = process.stdout, err = process.stderr } = {}) {
  let held = '';
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    out.write(text);
  };
  process.on('exit', flush);
  /** @type {Log} */
  const log = (entry) => {
    const line = `${JSON.stringify(entry)}\n`;
    if (entry.level === 'error') {
      flush();
      err.write(line);
      return;
    }
    held += line;
    if (held.length >= HELD_LINES_CHARS) flush();
    // Unreferenced: held lines never keep the process alive (the exit handler writes them).
    else timer ??= setTimeout(flush, HELD_LINES_MS).unref();
  };
  return Object.assign(log, { flush });
}

/** @param {string} url */
function loggedPath(url) {
  const { pathname } = new URL(url);
  return pathname.length > MAX_LOGGED_PATH ? `${pathname.slice(0, MAX_LOGGED_PATH)}…` : pathname;
}

/**
 * Middleware that gives the request an id (also sent as `X-Request-Id`) and, when `log` is given, writes
 * its line once the response is ready, or, for a body of unknown length, once it has been sent.
 * @param {Log | undefined} log
 * @returns {import('hono').MiddlewareHandler<{ Variables: { requestId: string, outcome: Outcome, mcpCalls?: string } }>}
 */
export function accessLog(log) {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    // A complete response (completeResponse.mjs) carries it already, and says its length.
    const completeLength = completeBodyLength(c.res);
    if (completeLength === undefined) setResponseHeader(c, 'X-Request-Id', requestId);
    if (!log) return;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    /** @param {number} bytes */
    const line = (bytes) =>
      log({
        level: 'info',
        time: new Date().toISOString(),
        requestId,
        method: c.req.method,
        path: loggedPath(c.req.url),
        status: c.res.status,
        bytes,
        durationMs,
        outcome: c.var.outcome ?? 'public',
        // The MCP server's calls: which methods and tools, never their arguments.
        ...(c.var.mcpCalls ? { mcp: c.var.mcpCalls } : {}),
      });
    // A 304 or 204 has no body, whatever its headers say.
    if (c.req.method === 'HEAD' || c.res.status === 304 || c.res.status === 204) return line(0);
    if (completeLength !== undefined) return line(completeLength);
    // Files are sent with their length, read from the headers: asking for `c.res.body` would turn a body of bytes
    // into a stream (on Node, a copy of the bytes and a slower way out). What has no length (a refusal, the
    // health document, the Try it proxy's answer as it streams from the sandbox) is counted on its way out,
    // without a copy: the line is written once the last byte is out, or the stream broke or the reader left.
    const length = c.res.headers.get('Content-Length');
    if (length !== null) return line(Number(length));
    if (!c.res.body) return line(0);
    c.res = new Response(countedBody(c.res.body, line), c.res);
  };
}

/**
 * `body`, passed on chunk by chunk, and `done` called once with the bytes that went through.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(bytes: number) => void} done
 * @returns {ReadableStream<Uint8Array>}
 */
function countedBody(body, done) {
  const reader = body.getReader();
  let bytes = 0;
  let finished = false;
  const finish = () => {
    if (!finished) done(bytes);
    finished = true;
  };
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}

/**
 * The line for an error that broke a request.
 * @param {unknown} error
 * @param {{ requestId: string | undefined, method: string, url: string }} request
 * @returns {LogEntry}
 */
export function errorEntry(error, { requestId, method, url }) {
  const { name, message, stack } =
    error instanceof Error ? error : { name: 'Error', message: String(error), stack: '' };
  return {
    level: 'error',
    time: new Date().toISOString(),
    requestId: requestId ?? null,
    method,
    path: loggedPath(url),
    error: name,
    message,
    stack: stack ?? '',
  };
}
