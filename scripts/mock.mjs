#!/usr/bin/env node
// `npm run mock`: a Stoplight Prism mock of each API description, on fixed local ports, for trying
// the docs' request samples without sandbox credentials. Prism checks each request against the
// description and answers with its examples. Usage: npm run mock [-- --host 0.0.0.0]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { startPrismMocks } = jiti('../openapi/prismMock.ts');
const { API_NAMES } = jiti('../openapi/descriptions.ts');

const { values } = parseArgs({ options: { host: { type: 'string', default: '127.0.0.1' } } });
/** One port per API, in the order of `redocly.yaml`: 4010 accounts, 4011 onboarding, 4012 orders, 4013 documents. */
const ports = Object.fromEntries(API_NAMES.map((api, index) => [api, 4010 + index]));

const mocks = await startPrismMocks({
  host: values.host,
  ports,
  log: (api, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[${api}] `)),
});
console.log("\nMock servers (set BASE_URL to the URL of a sample's API to run the sample against its mock):");
for (const [api, url] of Object.entries(mocks.baseUrls)) console.log(`  ${api.padEnd(10)} ${url}`);
console.log('Any bearer token works. Stop with Ctrl+C.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    mocks.stop().then(() => process.exit(0));
  });
}
