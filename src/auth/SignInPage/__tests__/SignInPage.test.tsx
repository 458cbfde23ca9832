/** @jest-environment jsdom */
import React from 'react';
import { screen, waitFor } from '@testing-library/react';
import AuthProvider from '../../AuthProvider';
import { loadAuthEngine } from '../../loadAuthEngine';
import { answered, FakeEngine, renderAt, seedStoredSession } from '../../__tests__/fakes';
import SignInPage from '..';

jest.mock('@site/src/hooks/useSiteSettings', () =>
  jest.requireActual('../../__tests__/fakes').fakeSiteSettingsModule(),
);
jest.mock('../../loadAuthEngine', () => jest.requireActual('../../__tests__/fakes').fakeLoadAuthEngineModule());
const load = jest.mocked(loadAuthEngine);

function renderSignInPage(path: string, engine = new FakeEngine()) {
  load.mockResolvedValue(engine);
  const rendered = renderAt(
    path,
    <AuthProvider>
      <SignInPage />
    </AuthProvider>,
  );
  return { engine, ...rendered };
}

function setGateCookie() {
  document.cookie = 'docs_id_token=header.payload.signature; Path=/';
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'docs_id_token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  load.mockReset();
});

describe('SignInPage (/login/)', () => {
  it('sends an anonymous visitor to sign in, returning to the checked address', async () => {
    const { engine } = renderSignInPage('/login/?returnTo=%2Fdocs%2Ftrading-api%3Ftab%3Dorders%23cancel');
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledWith('/docs/trading-api?tab=orders#cancel'));
    await answered(engine.signIn);
    expect(engine.signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to sign in…');
  });

  it('never follows a return address off the site', async () => {
    const { engine } = renderSignInPage('/login/?returnTo=https%3A%2F%2Fevil.example%2Fdocs');
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledWith('/docs'));
  });

  it('sends a visitor whose stored session is good straight back, once the cookie is set', async () => {
    seedStoredSession();
    const { engine, location } = renderSignInPage('/login/?returnTo=%2Fapi%2Forders-api');
    await engine.started();
    setGateCookie();
    engine.tokens('id-1');
    await waitFor(() => expect(location().pathname).toBe('/api/orders-api'));
    expect(engine.signIn).not.toHaveBeenCalled();
  });

  it('reports a refused session instead of looping when the browser holds no cookie', async () => {
    seedStoredSession();
    const { engine, location } = renderSignInPage('/login/?returnTo=%2Fapi%2Forders-api');
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(location().pathname).toBe('/401/error'));
    expect(location().search).toBe('?reason=gate-refused&returnTo=%2Fapi%2Forders-api');
  });

  it('reports a refused session when the gate sends the visitor back again and again', async () => {
    seedStoredSession();
    setGateCookie();
    for (const expected of ['/api/orders-api', '/api/orders-api', '/401/error']) {
      const { engine, location } = renderSignInPage('/login/?returnTo=%2Fapi%2Forders-api');
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(location().pathname).toBe(expected));
      document.body.innerHTML = '';
    }
  });

  it('offers Retry when the provider cannot be reached', async () => {
    const engine = new FakeEngine();
    engine.signIn.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignInPage('/login/?returnTo=%2Fdocs', engine);
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity provider could not be reached');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
