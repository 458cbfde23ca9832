import type { AuthSettings } from '@site/config/settings';
import { createAuthEngine } from '../authEngine';
import { TOKEN_STORAGE_KEY } from '../browserStorage';
import { startSignIn } from '../signInStart';

jest.mock('../authEngine', () => ({ createAuthEngine: jest.fn() }));

const create = jest.mocked(createAuthEngine);
const SETTINGS = { issuer: 'http://localhost:4100', clientId: 'developer-docs' } as AuthSettings;

describe('startSignIn (the sign-in shell’s starter)', () => {
  const signIn = jest.fn(async () => undefined);

  beforeEach(() => {
    window.localStorage.clear();
    create.mockReset().mockReturnValue({ signIn } as unknown as ReturnType<typeof createAuthEngine>);
    signIn.mockClear();
    document.cookie = 'docs_id_token=stale.token.value; Path=/';
  });

  it('signs in to come back to the address asked for, and drops the stale gate cookie', async () => {
    await startSignIn(SETTINGS, '/', '/docs/orders?tab=curl#request');
    expect(create).toHaveBeenCalledWith(SETTINGS, { origin: window.location.origin, baseUrl: '/' });
    expect(signIn).toHaveBeenCalledWith('/docs/orders?tab=curl#request');
    expect(document.cookie).not.toContain('docs_id_token');
  });

  it('checks the address first, as the sign-in page does', async () => {
    await startSignIn(SETTINGS, '/', 'https://evil.example/phish');
    expect(signIn).toHaveBeenCalledWith('/docs');
  });

  it('leaves the decision to the sign-in page when tokens are stored, starting nothing', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ idToken: {} }));
    await expect(startSignIn(SETTINGS, '/', '/docs')).rejects.toThrow('The sign-in page decides: tokens are stored');
    expect(create).not.toHaveBeenCalled();
    expect(document.cookie).toContain('docs_id_token');
  });

  it('rejects when the engine fails, so the shell hands over to the sign-in page', async () => {
    signIn.mockRejectedValueOnce(new Error('The identity provider is unavailable (HTTP 503).'));
    await expect(startSignIn(SETTINGS, '/', '/docs')).rejects.toThrow('HTTP 503');
  });
});
