/** @jest-environment jsdom */
import React from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthProvider from '../../AuthProvider';
import { SIGN_OUT_SIGNAL_KEY } from '../../browserStorage';
import { pageAdmittedByGate } from '../../gateAdmission';
import { loadAuthEngine, preloadAuthEngine } from '../../loadAuthEngine';
import { answered, FakeEngine, renderAt, seedStoredSession } from '../../__tests__/fakes';
import ProtectedPageContent from '..';

jest.mock('@site/src/hooks/useSiteSettings', () =>
  jest.requireActual('../../__tests__/fakes').fakeSiteSettingsModule(),
);
jest.mock('../../loadAuthEngine', () => jest.requireActual('../../__tests__/fakes').fakeLoadAuthEngineModule());
// Whether the server's gate admitted the page load: what its inline script read (see gateAdmission.test.ts).
jest.mock('../../gateAdmission', () => ({
  pageAdmittedByGate: jest.fn(() => false),
  removeGateAdmissionMark: jest.fn(),
}));
const load = jest.mocked(loadAuthEngine);
const admittedByGate = jest.mocked(pageAdmittedByGate);

function renderGate(path: string, engine = new FakeEngine()) {
  load.mockResolvedValue(engine);
  renderAt(
    path,
    <AuthProvider>
      <ProtectedPageContent>
        <article>The protected page</article>
      </ProtectedPageContent>
    </AuthProvider>,
  );
  return engine;
}

/** A protected page whose sign-in fails: the provider cannot be reached. */
async function renderWithUnreachableProvider() {
  const engine = renderGate('/docs');
  await engine.started();
  engine.signIn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  engine.noTokens();
  expect(await screen.findByRole('heading', { name: 'The identity provider could not be reached' })).toBeVisible();
  return engine;
}

const gate = () => screen.getByText('The protected page').closest('[data-access]');

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Most cases are a visitor whose browser holds tokens; those without say so.
  seedStoredSession();
  load.mockReset();
  jest.mocked(preloadAuthEngine).mockClear();
  admittedByGate.mockReturnValue(false);
});

describe('ProtectedPageContent', () => {
  it('leaves a public page open to an anonymous visitor and starts nothing', async () => {
    window.localStorage.clear();
    renderGate('/health');
    // Decided in the provider's first effect, which is where the SDK would have been loaded.
    await waitFor(() => expect(gate()).toHaveAttribute('data-auth-status', 'anonymous'));
    expect(gate()).toHaveAttribute('data-access', 'open');
    expect(gate()).toHaveAttribute('data-auth-status', 'anonymous');
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps a protected page concealed while the visitor is unknown', async () => {
    const engine = renderGate('/docs/trading-api');
    await engine.started();
    expect(gate()).toHaveAttribute('data-auth-status', 'unknown');
    expect(gate()).toHaveAttribute('data-access', 'concealed');
    expect(gate()).not.toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
  });

  it('opens once userinfo confirms the tokens', async () => {
    const engine = renderGate('/docs/trading-api');
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(gate()).toHaveAttribute('data-access', 'open'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a visitor with nothing stored to sign in at once, without starting the SDK', async () => {
    window.localStorage.clear();
    const engine = renderGate('/docs/trading-api?tab=orders#cancel');
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledWith('/docs/trading-api?tab=orders#cancel'));
    await answered(engine.signIn);
    expect(engine.signIn).toHaveBeenCalledTimes(1);
    expect(engine.start).not.toHaveBeenCalled();
    expect(gate()).toHaveAttribute('data-access', 'concealed');
  });

  it('sends an anonymous visitor to sign in once, back to the same address', async () => {
    const engine = renderGate('/docs/trading-api?tab=orders#cancel');
    await engine.started();
    engine.noTokens();
    await waitFor(() => expect(engine.signIn).toHaveBeenCalled());
    await answered(engine.signIn);
    engine.noTokens();
    engine.emit({ type: 'renewal-failed' });
    // A second sign-in would have loaded the engine again, and called it once that load was answered.
    await answered(load);
    expect(engine.signIn).toHaveBeenCalledTimes(1);
    expect(engine.signIn).toHaveBeenCalledWith('/docs/trading-api?tab=orders#cancel');
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting you to sign in…');
  });

  it('after a failed renewal signs in again', async () => {
    const engine = renderGate('/docs');
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(gate()).toHaveAttribute('data-access', 'open'));
    engine.emit({ type: 'renewal-failed' });
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledTimes(1));
  });

  it('explains an unreachable provider, starts no loop, and Retry starts over', async () => {
    const engine = await renderWithUnreachableProvider();
    expect(gate()).toHaveAttribute('data-access', 'concealed');
    engine.noTokens();
    // A new sign-in would have loaded the engine again, and called it once that load was answered.
    await answered(load);
    expect(engine.signIn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(engine.start).toHaveBeenCalledTimes(2));
    engine.noTokens();
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledTimes(2));
  });

  it('after a sign-out in another tab says so, starts nothing, and offers Log In', async () => {
    const engine = renderGate('/docs/document-api');
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(gate()).toHaveAttribute('data-access', 'open'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGN_OUT_SIGNAL_KEY, newValue: '1' }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'You signed out in another tab' })).toBeVisible());
    engine.noTokens();
    engine.emit({ type: 'renewal-failed' });
    // A sign-in would have loaded the engine again, and called it once that load was answered.
    await answered(load);
    expect(gate()).toHaveAttribute('data-access', 'concealed');
    expect(gate()).toHaveAttribute('data-auth-status', 'signed-out-elsewhere');
    expect(engine.signIn).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(engine.signIn).toHaveBeenCalledTimes(1));
    expect(engine.signIn).toHaveBeenCalledWith('/docs/document-api');
  });

  describe('a page the server’s gate admitted', () => {
    beforeEach(() => admittedByGate.mockReturnValue(true));

    it('is shown while the session is confirmed in the background, without the sign-in status', async () => {
      const engine = renderGate('/docs/trading-api');
      expect(gate()).toHaveAttribute('data-access', 'open');
      expect(gate()).toBeVisible();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      // The SDK is not fetched during render: it waits for the page to have loaded.
      expect(preloadAuthEngine).not.toHaveBeenCalled();
      await engine.started();
      expect(gate()).toHaveAttribute('data-auth-status', 'unknown');
      expect(gate()).toHaveAttribute('data-access', 'open');
      engine.tokens('id-1');
      await waitFor(() => expect(gate()).toHaveAttribute('data-auth-status', 'authenticated'));
      expect(gate()).toHaveAttribute('data-access', 'open');
    });

    it('is concealed, and the sign-in starts, when the background check finds no session', async () => {
      const engine = renderGate('/docs/trading-api');
      await engine.started();
      engine.noTokens();
      await waitFor(() => expect(engine.signIn).toHaveBeenCalledWith('/docs/trading-api'));
      expect(gate()).toHaveAttribute('data-access', 'concealed');
      expect(gate()).not.toBeVisible();
    });

    it('is concealed without stored tokens at all (storage cleared, the cookie left behind)', async () => {
      window.localStorage.clear();
      const engine = renderGate('/docs/trading-api');
      await waitFor(() => expect(engine.signIn).toHaveBeenCalledTimes(1));
      expect(gate()).toHaveAttribute('data-access', 'concealed');
    });

    it('stays concealed after the provider failed, also while Retry checks again', async () => {
      const engine = renderGate('/docs');
      await engine.started();
      engine.signIn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      engine.noTokens();
      expect(await screen.findByRole('heading', { name: 'The identity provider could not be reached' })).toBeVisible();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(engine.start).toHaveBeenCalledTimes(2));
      expect(gate()).toHaveAttribute('data-auth-status', 'unknown');
      expect(gate()).toHaveAttribute('data-access', 'concealed');
      expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    });
  });
});
