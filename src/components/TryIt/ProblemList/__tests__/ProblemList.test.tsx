/** @jest-environment jsdom */
import React from 'react';
import { render, screen } from '@testing-library/react';
import ProblemList from '..';

describe('ProblemList', () => {
  it('lists every problem in an alert', () => {
    render(
      <ProblemList
        problems={[
          { field: 'Idempotency-Key (header)', key: 'header:Idempotency-Key', message: 'must match format "uuid"' },
          { field: 'body.accountType', key: 'body', message: 'is required' },
        ]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Fix these before sending:/);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Idempotency-Key (header) must match format "uuid"',
      'body.accountType is required',
    ]);
  });

  it('is not there without problems', () => {
    const { container } = render(<ProblemList problems={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
