// @ts-check
/**
 * Responses made with every header they will carry, so that the middleware around the handler (the access log,
 * the headers of every answer in app.mjs) need not touch their headers. Asking a response for its `headers` on
 * Node turns @hono/node-server's light response with a plain header object into a `Headers` object, set by set,
 * and then back into a plain object to write: for a file from memory that was a tenth of a request's time
 * (scripts/bench/server.mjs). Any middleware that adds a header to every answer must add it to a complete
 * response where it is made (app.mjs `answerHeaders`), and leave complete responses alone.
 */

/** The length of each complete response's body, as sent (0 for a HEAD request's or a 304's). @type {WeakMap<Response, number>} */
const bodyLengths = new WeakMap();

/**
 * @param {BodyInit | null} body
 * @param {number} status
 * @param {Record<string, string>} headers every header the response is sent with
 * @param {number} bodyLength the bytes of `body`
 */
export function completeResponse(body, status, headers, bodyLength) {
  const response = new Response(body, { status, headers });
  bodyLengths.set(response, bodyLength);
  return response;
}

/**
 * The body length of a complete response; undefined for any other.
 * @param {Response} response
 */
export function completeBodyLength(response) {
  return bodyLengths.get(response);
}
