/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import TargetChoice, { localNote, type Props } from '..';

function renderChoice(props: Partial<Props> = {}) {
  const handlers = { onAddressChange: jest.fn(), onCheckAgain: jest.fn(), onChoose: jest.fn() };
  render(
    <TargetChoice
      idPrefix="t"
      operationId="reserveAccountNumber"
      onLoopback
      targetId="local"
      probe="answers"
      localAddress="http://localhost:4020"
      localOrigin="http://localhost:4020"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('TargetChoice', () => {
  it('offers the local sandbox with its address, then the Sandbox, in the form named after the operation', () => {
    renderChoice();
    const form = screen.getByRole('form', { name: 'Try reserveAccountNumber' });
    expect(screen.getByRole('group', { name: 'Send to' })).toBeVisible();
    const local = screen.getByRole('radio', { name: 'Local sandbox (answers at http://localhost:4020)' });
    const proxy = screen.getByRole('radio', { name: 'Sandbox (the hosted sandbox, through this site)' });
    expect(local).toBeChecked();
    expect(local).toBeEnabled();
    expect(proxy).not.toBeChecked();
    // The keyboard order the browser test walks: the local radio, its address, "Check again", the Sandbox radio.
    const address = screen.getByLabelText('Local sandbox address');
    const check = screen.getByRole('button', { name: 'Check again' });
    expect(Array.from(form.querySelectorAll('input, button'))).toEqual([local, address, check, proxy]);
    expect(address).toHaveValue('http://localhost:4020');
    expect(address).not.toHaveAttribute('aria-invalid');
  });

  it('reports the reader’s choice, address and “Check again”', () => {
    const handlers = renderChoice({ targetId: 'proxy' });
    fireEvent.click(screen.getByRole('radio', { name: /^Local sandbox/ }));
    expect(handlers.onChoose).toHaveBeenCalledWith('local');
    fireEvent.change(screen.getByLabelText('Local sandbox address'), { target: { value: 'http://127.0.0.1:4021' } });
    expect(handlers.onAddressChange).toHaveBeenCalledWith('http://127.0.0.1:4021');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(handlers.onCheckAgain).toHaveBeenCalledTimes(1);
  });

  it('cannot choose a local sandbox that does not answer, and marks an address it refuses', () => {
    renderChoice({ targetId: 'proxy', probe: 'silent', localAddress: 'https://example.com', localOrigin: null });
    expect(screen.getByRole('radio', { name: /^Local sandbox/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Sandbox/ })).toBeChecked();
    expect(screen.getByLabelText('Local sandbox address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers only the Sandbox on a site not on this machine', () => {
    renderChoice({ onLoopback: false, targetId: 'proxy', probe: 'silent' });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.queryByLabelText('Local sandbox address')).not.toBeInTheDocument();
  });

  it.each([
    ['answers', '(answers at http://localhost:4020)'],
    ['checking', '(checking…)'],
    ['silent', '(not answering: start it with npm run sandbox)'],
  ] as const)('says of a local sandbox that %s: %s', (probe, note) => {
    expect(localNote(probe, 'http://localhost:4020')).toBe(note);
  });
});
