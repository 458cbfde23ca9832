/** @jest-environment jsdom */
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

  /** A table of one row under the given column names. */
  const renderTable = (headers: string[], cells: string[]) =>
    render(
      <ScrollableTable>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {cells.map((cell) => (
              <td key={cell}>{cell}</td>
            ))}
          </tr>
        </tbody>
      </ScrollableTable>,
    );

  it('labels a two-column table too, so that it becomes cards on a phone like the wider ones', () => {
    renderTable(['Value', 'Meaning'], ['NEW', 'Working.']);
    expect(screen.getByRole('cell', { name: 'NEW' })).toHaveAttribute('data-label', 'Value');
    expect(screen.getByRole('cell', { name: 'Working.' })).toHaveAttribute('data-label', 'Meaning');
  });

  it('leaves a one-column table as it is', () => {
    renderTable(['Value'], ['NEW']);
    expect(screen.getByText('NEW')).not.toHaveAttribute('data-label');
  });
});
