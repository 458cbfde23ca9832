/**
 * The sandbox asks contracts/net/loopback.ts what "this machine" is (its Host check against DNS rebinding, and
 * CORS for the Try it panel), as the identity provider, the site's settings and its Content-Security-Policy do.
 * Each case here is one on which they disagreed before.
 */
import { createSandbox } from '../app';

const sandbox = createSandbox();

describe('this machine, as contracts/net/loopback.ts says', () => {
  it.each(['http://docs.localhost:4020', 'http://127.0.0.2:4020', 'http://localhost.:4020'])(
    'answers %s',
    async (origin) => {
      expect((await sandbox.fetch(new Request(`${origin}/health`))).status).toBe(200);
    },
  );

  it.each(['http://docs.localhost:3000', 'https://localhost:3000', 'http://127.0.0.2:3000'])(
    'lets a page at %s call it (CORS)',
    async (origin) => {
      const answer = await sandbox.fetch(
        new Request('http://localhost:4020/v1/document-types', { headers: { Origin: origin } }),
      );
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    },
  );
});
