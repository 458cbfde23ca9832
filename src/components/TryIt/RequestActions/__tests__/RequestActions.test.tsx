/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import RequestActions, { type Props } from '..';

function renderActions(props: Partial<Props> = {}) {
  const handlers = { onResend: jest.fn(), onCopyCurl: jest.fn() };
  render(
    <form>
      <RequestActions
        targetLabel="Local sandbox"
        sending={false}
        canResend
        resendKey={undefined}
        sent={false}
        {...handlers}
        {...props}
      />
    </form>,
  );
  return handlers;
}

describe('RequestActions', () => {
  it('sends to the target with the form, and copies it as curl', () => {
    const { onCopyCurl } = renderActions();
    expect(screen.getByRole('button', { name: 'Send to the Local sandbox' })).toHaveAttribute('type', 'submit');
    fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    expect(onCopyCurl).toHaveBeenCalledTimes(1);
  });

  it('cannot send again before a first send', () => {
    renderActions();
    expect(screen.getByRole('button', { name: 'Send again with the same key' })).toBeDisabled();
  });

  it('sends again on request, naming the key’s first characters', () => {
    const { onResend } = renderActions({ sent: true, resendKey: '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b' });
    const again = screen.getByRole('button', { name: 'Send again with the same key (3f9a2c4e…)' });
    fireEvent.click(again);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('is busy while sending', () => {
    renderActions({ sent: true, sending: true });
    expect(screen.getByRole('button', { name: 'Send to the Local sandbox' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Send again/ })).toBeDisabled();
  });

  it('has no “send again” for an operation without an Idempotency-Key', () => {
    renderActions({ canResend: false, sent: true });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Send to the Local sandbox',
      'Copy as curl',
    ]);
  });
});
