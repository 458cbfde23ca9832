/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import ExamplePicker from '..';
import { OPERATION } from '../../__tests__/fakes';

describe('ExamplePicker', () => {
  it('offers each example by its summary, and reports the one picked', () => {
    const onChange = jest.fn();
    render(<ExamplePicker idPrefix="t" examples={OPERATION.examples} value="individual" onChange={onChange} />);
    const menu = screen.getByLabelText('Example');
    expect(menu).toHaveValue('individual');
    expect(screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['individual', 'An individual account'],
      ['joint', 'A joint account'],
    ]);
    fireEvent.change(menu, { target: { value: 'joint' } });
    expect(onChange).toHaveBeenCalledWith('joint');
  });

  it('shows nothing for one example or none', () => {
    const { container } = render(
      <ExamplePicker idPrefix="t" examples={OPERATION.examples.slice(0, 1)} value="individual" onChange={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
