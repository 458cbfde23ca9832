/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AuthContextValue } from '../../AuthProvider';
import { DANA, fakeAuth } from '../../__tests__/fakes';
import SignInFailurePage from '..';

jest.mock('@site/src/hooks/useSiteSettings', () =>
  jest.requireActual('../../__tests__/fakes').fakeSiteSettingsModule(),
);
const mockAuth = jest.fn<AuthContextValue, []>();
jest.mock('../../AuthProvider', () => ({ useAuth: () => mockAuth() }));

function renderPage(
  entry: string | { pathname: string; search: string; state?: unknown },
  status: AuthContextValue['status'] = 'anonymous',
) {
  const auth = fakeAuth({ status, user: status === 'authenticated' ? DANA : null });
  mockAuth.mockReturnValue(auth);
  render(
    <MemoryRouter initialEntries={[entry]}>
      <SignInFailurePage />
    </MemoryRouter>,
  );
  return auth;
}

describe('SignInFailurePage', () => {
  it('shows the catalogue text for the reason, and never words from the URL', () => {
    renderPage(`/401/error?reason=provider-error&detail=${encodeURIComponent('Call +1 555 0100 now')}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('rejected the sign-in request');
    expect(screen.queryByText(/555 0100/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Reason reported/)).not.toBeInTheDocument();
  });

  it('tells a signed-in reader without a failure that they are signed in, and leads to the docs', () => {
    renderPage('/401/error', 'authenticated');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You are signed in');
    expect(screen.queryByText(/You need to sign in|401/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the documentation' })).toHaveAttribute('href', '/docs');
  });

  it('tells a signed-in reader who opens an old failure address that they are signed in, and leads back', () => {
    renderPage(
      {
        pathname: '/401/error',
        search: `?reason=access-denied&returnTo=${encodeURIComponent('/docs/trading-api#errors')}`,
        state: { signInDetail: 'access_denied: End-User aborted interaction' },
      },
      'authenticated',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You are signed in');
    expect(screen.getByText(/signed in as Dana Developer\. An earlier sign-in attempt did not complete/)).toBeVisible();
    expect(screen.queryByText(/401|Reason reported|aborted interaction/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to the page you were reading' })).toHaveAttribute(
      'href',
      '/docs/trading-api#errors',
    );
  });

  it('leads a signed-in reader back only to a checked address', () => {
    renderPage(`/401/error?reason=timeout&returnTo=${encodeURIComponent('//evil.example/docs')}`, 'authenticated');
    expect(screen.getByRole('link', { name: 'Go back to the page you were reading' })).toHaveAttribute('href', '/docs');
  });

  it("still reports the gate's refusal to a signed-in reader: it is their own failure", () => {
    renderPage('/401/error?reason=gate-refused', 'authenticated');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('did not accept your sign-in');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows an unknown reason as the generic text', () => {
    renderPage('/401/error?reason=%3Cscript%3E');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You need to sign in to read this page');
  });

  it("offers a signed-out reader without a failure to Log In, in the navbar's words, returning where they were", () => {
    const auth = renderPage(`/401/error?returnTo=${encodeURIComponent('/docs/trading-api')}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(auth.signIn).toHaveBeenCalledWith('/docs/trading-api');
  });

  it('shows the detail the site handed over in history state, as text', () => {
    renderPage({
      pathname: '/401/error',
      search: '?reason=provider-error',
      state: { signInDetail: 'invalid_request: realm is not accepted <b>x</b>' },
    });
    expect(screen.getByText('invalid_request: realm is not accepted <b>x</b>')).toBeInTheDocument();
  });

  it('Try again returns to the checked returnTo', () => {
    const auth = renderPage(`/401/error?reason=timeout&returnTo=${encodeURIComponent('/docs/trading-api?x=1')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(auth.signIn).toHaveBeenCalledWith('/docs/trading-api?x=1');
  });

  it('Try again with a returnTo that normalises off-site goes to /docs', () => {
    const auth = renderPage(`/401/error?reason=timeout&returnTo=${encodeURIComponent('/%2e//evil.example')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(auth.signIn).toHaveBeenCalledWith('/docs');
  });
});
