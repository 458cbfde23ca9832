/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { AuthContextValue } from '@site/src/auth/AuthProvider';
import { fakeAuth } from '@site/src/auth/__tests__/fakes';
import AuthNavbarItem from '..';

// The real provider needs the Docusaurus runtime and the sign-in SDK; the item only reads its value.
const mockAuth = jest.fn<AuthContextValue, []>();
jest.mock('@site/src/auth/AuthProvider', () => ({ useAuth: () => mockAuth() }));

describe('AuthNavbarItem', () => {
  it('offers Log In to an anonymous visitor and starts sign-in', () => {
    const state = fakeAuth({});
    mockAuth.mockReturnValue(state);
    render(<AuthNavbarItem />);
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(state.signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
  });

  it('shows who is signed in and offers Log Out', () => {
    const state = fakeAuth({
      status: 'authenticated',
      user: { subject: 'developer', name: 'Dana Developer', email: 'developer@example.com' },
    });
    mockAuth.mockReturnValue(state);
    render(<AuthNavbarItem />);
    expect(screen.getByText('Dana Developer')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(state.signOut).toHaveBeenCalledTimes(1);
  });

  it.each(['unknown', 'signing-out'] as const)('keeps its place without a button while %s', (status) => {
    mockAuth.mockReturnValue(fakeAuth({ status }));
    const { container } = render(<AuthNavbarItem />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('renders as a menu entry in the mobile sidebar', () => {
    mockAuth.mockReturnValue(fakeAuth({}));
    const { container } = render(<AuthNavbarItem mobile />);
    expect(container.querySelector('li.menu__list-item')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveClass('menu__link');
  });
});
