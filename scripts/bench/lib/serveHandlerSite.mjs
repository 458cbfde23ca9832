#!/usr/bin/env node
/**
 * A build served by `serve-handler` on a plain node:http server, as `docusaurus serve` serves it (clean URLs, no
 * directory listing), for scripts/bench/server.mjs to compare the production server with:
 *
 *   node scripts/bench/lib/serveHandlerSite.mjs <build dir> [port]
 *
 * One difference from `docusaurus serve`: `etag: true`, so that it answers a revalidation with 304 (without it,
 * serve-handler sends `Last-Modified` but never a 304), and the 304 case compares like with like; and the file it
 * opens for a 304 is closed (below). Prints the URL once listening; no log line per request (serve-handler writes
 * none).
 */
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import serveHandler from 'serve-handler';

const [dir, port = '0'] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: node scripts/bench/lib/serveHandlerSite.mjs <build dir> [port]');
  process.exit(2);
}
const options = { cleanUrls: true, public: dir, directoryListing: false, etag: true };
const server = createServer((request, response) =>
  serveHandler(request, response, options, {
    createReadStream(file, streamOptions) {
      const stream = createReadStream(file, streamOptions);
      // serve-handler opens the file before it decides to answer 304, then neither reads nor closes it: under load
      // the process runs out of file descriptors. Closed here once the response is done (a no-op for a file sent).
      response.once('close', () => stream.destroy());
      return stream;
    },
  }),
);
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`Serving ${dir} with serve-handler at http://127.0.0.1:${server.address().port}/`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
