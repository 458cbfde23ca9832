/** Access tokens: what the signer reads back, the first time and every time after (it remembers verified tokens). */
import { createTokenSigner } from '../tokens/signing';

describe('the token signer', () => {
  it('reads its own tokens until they expire, and refuses altered or foreign ones, read before or not', () => {
    let now = Date.parse('2026-03-02T15:00:00Z');
    let id = 0;
    const options = { now: () => now, ids: () => String((id += 1)), lifetimeSeconds: 3600 };
    const signer = createTokenSigner(options);
    const token = signer.issue('sandbox-demo', ['orders:write']);
    const claims = { clientId: 'sandbox-demo', scopes: ['orders:write'], expiresAt: now + 3_600_000 };
    expect(signer.read(`Bearer ${token}`)).toEqual(claims);
    expect(signer.read(`Bearer ${token}`)).toEqual(claims);
    const [payload, signature] = token.split('.');
    const altered = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(signer.read(`Bearer ${altered}`)).toBeNull();
    expect(signer.read(`Bearer ${token}x`)).toBeNull();
    expect(signer.read(null)).toBeNull();
    expect(createTokenSigner(options).read(`Bearer ${token}`)).toBeNull();
    now += 3_599_999;
    expect(signer.read(`Bearer ${token}`)).toEqual(claims);
    now += 1;
    expect(signer.read(`Bearer ${token}`)).toBeNull();
    // Many clients' tokens: the signer forgets some, and reads each again from its signature.
    const tokens = Array.from({ length: 1200 }, (_, index) => signer.issue(`client-${index}`, []));
    for (const each of [...tokens, ...tokens]) expect(signer.read(`Bearer ${each}`)?.clientId).toMatch(/^client-/);
    expect(signer.read(`Bearer ${token}`)).toBeNull();
  });
});
