/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://docs.example/docs/intro"}
 */
import { idTokenCookieNamesToRead } from '../../../config/idTokenCookie.mjs';
import { TOKEN_STORAGE_KEY } from '../browserStorage';
import { clearIdTokenCookie, hasIdTokenCookie, writeIdTokenCookie } from '../idTokenCookie';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('the ID-token cookie over https', () => {
  // The cookie is written only for the stored ID token.
  beforeEach(() =>
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ idToken: { idToken: 'eyJh.eyJz.c2ln' } })),
  );
  afterEach(() => {
    clearIdTokenCookie('/');
    jest.restoreAllMocks();
  });

  it('at base URL / is a __Host- cookie: Secure, Path=/, no Domain, so a sibling subdomain cannot plant one', () => {
    const set = jest.spyOn(Document.prototype, 'cookie', 'set');
    const expiresAt = inAnHour();
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt }, '/');
    expect(set).toHaveBeenLastCalledWith(
      `__Host-docs_id_token=eyJh.eyJz.c2ln; Path=/; Expires=${new Date(expiresAt * 1000).toUTCString()}; SameSite=Lax; Secure`,
    );
    set.mockRestore();
    expect(document.cookie).toContain('__Host-docs_id_token=eyJh.eyJz.c2ln');
    expect(hasIdTokenCookie()).toBe(true);
  });

  it('is the name the gate reads over https', () => {
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/');
    const [name] = idTokenCookieNamesToRead({ baseUrl: '/', https: true });
    expect(document.cookie.split('; ')).toContain(`${name}=eyJh.eyJz.c2ln`);
  });

  it('under another base URL keeps the plain name (the prefix requires Path=/)', () => {
    const set = jest.spyOn(Document.prototype, 'cookie', 'set');
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/portal/');
    expect(set.mock.lastCall?.[0]).toMatch(/^docs_id_token=eyJh\.eyJz\.c2ln; Path=\/portal\/; .*; Secure$/);
  });

  it('is removed on sign-out', () => {
    writeIdTokenCookie({ idToken: 'eyJh.eyJz.c2ln', expiresAt: inAnHour() }, '/');
    clearIdTokenCookie('/');
    expect(hasIdTokenCookie()).toBe(false);
    expect(document.cookie).not.toContain('docs_id_token');
  });
});
