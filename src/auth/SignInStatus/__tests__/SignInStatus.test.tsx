/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import SignInStatus from '..';

describe('SignInStatus', () => {
  it('announces progress politely while working', () => {
    render(<SignInStatus state="working" message="Checking your sign-in…" onRetry={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('explains a failure from the catalogue and offers Retry and a way home', () => {
    const onRetry = jest.fn();
    render(<SignInStatus state="failed" message="" problem={{ code: 'provider-unreachable' }} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The identity provider could not be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows a reported detail as text, never as markup', () => {
    const detail = '<img src=x onerror="alert(1)">';
    const { container } = render(
      <SignInStatus state="failed" message="" problem={{ code: 'provider-error', detail }} onRetry={jest.fn()} />,
    );
    expect(screen.getByText(`Detail: ${detail}`)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('says when it is taking too long', () => {
    render(<SignInStatus state="slow" message="We could not confirm your sign-in yet." onRetry={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign-in is taking longer than expected');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
