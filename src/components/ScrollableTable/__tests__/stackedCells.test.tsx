import React from 'react';
import { render, screen } from '@testing-library/react';
import ScrollableTable from '..';
import { columnLabels } from '../stackedCells';

const head = (
  <thead>
    <tr>
      <th>Value</th>
      <th>
        Who <em>owns</em> it
      </th>
      <th>Description</th>
    </tr>
  </thead>
);

describe('stacked tables', () => {
  it('reads the column names from the header row, markup included', () => {
    expect(columnLabels([head, <tbody key="body" />])).toEqual(['Value', 'Who owns it', 'Description']);
  });

  it('labels every body cell with its column and keeps table roles for a table of three columns', () => {
    render(
      <ScrollableTable>
        {head}
        <tbody>
          <tr>
            <td>
              <code>INDIVIDUAL</code>
            </td>
            <td>Natural person</td>
            <td>One owner.</td>
          </tr>
        </tbody>
      </ScrollableTable>,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Natural person' })).toHaveAttribute('data-label', 'Who owns it');
    expect(screen.getByRole('cell', { name: 'INDIVIDUAL' })).toHaveAttribute('data-label', 'Value');
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('leaves a two-column table as it is', () => {
    render(
      <ScrollableTable>
        <thead>
          <tr>
            <th>Value</th>
            <th>Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>NEW</td>
            <td>Working.</td>
          </tr>
        </tbody>
      </ScrollableTable>,
    );
    expect(screen.getByText('NEW')).not.toHaveAttribute('data-label');
  });
});
