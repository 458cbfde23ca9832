import { clearIdTokenCookie, hasIdTokenCookie, writeIdTokenCookie } from '../idTokenCookie';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => clearIdTokenCookie('/'));

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
});
