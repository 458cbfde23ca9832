/** @jest-environment jsdom */
import { TOKEN_STORAGE_KEY } from '../browserStorage';
import { clearIdTokenCookie, hasIdTokenCookie, writeIdTokenCookie } from '../idTokenCookie';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** okta-auth-js's storage holding `idToken` as the ID token (null: no tokens). */
function store(idToken: string | null) {
  if (idToken === null) window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  else window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ idToken: { idToken, expiresAt: inAnHour() } }));
}

beforeEach(() => {
  clearIdTokenCookie('/');
  store('eyJh.eyJz.c2ln');
});

describe('the ID-token cookie', () => {
  it('holds the ID token once written', () => {
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/');
    expect(document.cookie).toContain('docs_id_token=eyJh.eyJz.c2ln');
    expect(hasIdTokenCookie()).toBe(true);
  });

  it('is removed by clearing, by an expired token and by a value that is not a JWT', () => {
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/');
    clearIdTokenCookie('/');
    expect(hasIdTokenCookie()).toBe(false);

    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/');
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: Math.floor(Date.now() / 1000) - 1 }, '/');
    expect(hasIdTokenCookie()).toBe(false);

    writeIdTokenCookie({ idToken: 'a; Path=/; Domain=evil.example', expiresAt: inAnHour() }, '/');
    expect(hasIdTokenCookie()).toBe(false);
  });

  it('sets Path, Expires and SameSite=Lax, and Secure only over https', () => {
    const set = jest.spyOn(Document.prototype, 'cookie', 'set');
    const expiresAt = inAnHour();
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt }, '/developers/');
    expect(set).toHaveBeenLastCalledWith(
      `docs_id_token=eyJh.eyJz.c2ln; Path=/developers/; Expires=${new Date(expiresAt * 1000).toUTCString()}; SameSite=Lax`,
    );
    set.mockRestore();
  });

  describe('is written only for the ID token stored now (a writer confirmed it a moment ago)', () => {
    it('writes nothing once the tokens were removed (another tab signed out), and says so', () => {
      store(null);
      expect(writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/')).toBe(false);
      expect(hasIdTokenCookie()).toBe(false);
    });

    it('does not replace the cookie of a newer token with an older one', () => {
      store('eyJh.eyJuZXc.c2ln');
      expect(writeIdTokenCookie({ idToken: 'eyJh.eyJuZXc.c2ln', expiresAt: inAnHour() }, '/')).toBe(true);
      expect(writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/')).toBe(false);
      expect(document.cookie).toBe('docs_id_token=eyJh.eyJuZXc.c2ln');
    });

    it.each([
      ['unreadable storage', 'not json'],
      ['no ID token', '{"accessToken":{}}'],
      ['an odd one', '{"idToken":{"idToken":7}}'],
    ])('writes nothing with %s', (_label, raw) => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, raw);
      expect(writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/')).toBe(false);
      expect(hasIdTokenCookie()).toBe(false);
    });
  });
});
