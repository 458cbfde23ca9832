/**
 * The Try it panel of a docs site on this machine calls the local sandbox from the browser: the sandbox
 * answers its preflight and lets it read every response header; a page of any other origin gets no CORS
 * permission.
 */
import { createSandbox } from '../app';

const sandbox = createSandbox();
const preflight = (origin: string) =>
  sandbox.fetch(
    new Request('http://localhost:4020/v1/orders/equity', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    }),
  );

describe('CORS for the Try it panel', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3120', 'http://[::1]:8080'])(
    'a site at %s may call it',
    async (origin) => {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin);
      expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/Idempotency-Key/);
      const answer = await sandbox.fetch(
        new Request('http://localhost:4020/v1/document-types', { headers: { Origin: origin } }),
      );
      expect(answer.status).toBe(401);
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(origin);
      expect(answer.headers.get('Access-Control-Expose-Headers')).toBe('*');
    },
  );

  it.each(['https://docs.clearing.example', 'http://localhost.evil.example', 'null'])(
    'a page at %s may not',
    async (origin) => {
      const response = await preflight(origin);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    },
  );
});
