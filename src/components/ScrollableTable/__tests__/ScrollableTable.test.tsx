/** @jest-environment jsdom */
import React from 'react';
import { render, screen } from '@testing-library/react';
import ScrollableTable from '..';

describe('ScrollableTable', () => {
  it('puts the table in a named region that takes keyboard focus', () => {
    render(
      <ScrollableTable>
        <tbody>
          <tr>
            <td>accountNumber</td>
          </tr>
        </tbody>
      </ScrollableTable>,
    );
    const region = screen.getByRole('region', { name: 'Table (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.querySelector('table')).toContainElement(screen.getByText('accountNumber'));
  });
});
