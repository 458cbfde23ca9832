/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TryItField } from '@site/contracts/tryIt/operation';
import ParameterFields, { type Props } from '..';

const field = (name: string, where: TryItField['in'], required: boolean): TryItField => ({
  name,
  in: where,
  required,
  type: 'string',
  example: '',
  description: '',
});
// In the description's order, which is not the form's.
const FIELDS = [
  field('Idempotency-Key', 'header', true),
  field('limit', 'query', false),
  field('accountNumber', 'path', true),
];
const VALUES = { 'path:accountNumber': '5GT10001', 'header:Idempotency-Key': 'k-1' };

function renderFields(props: Partial<Props> = {}) {
  const handlers = { onChange: jest.fn(), onNewKey: jest.fn() };
  const { container } = render(
    <ParameterFields idPrefix="t" fields={FIELDS} values={VALUES} problems={[]} {...handlers} {...props} />,
  );
  return { ...handlers, container };
}

describe('ParameterFields', () => {
  it('groups the fields by location, path first, required ones marked', () => {
    const { container } = renderFields();
    expect(Array.from(container.querySelectorAll('legend')).map((legend) => legend.textContent)).toEqual([
      'Path',
      'Query',
      'Headers',
    ]);
    const account = screen.getByRole('textbox', { name: /^accountNumber/ });
    expect(account).toHaveValue('5GT10001');
    expect(account).toHaveAttribute('aria-required', 'true');
    expect(account).toHaveAttribute('id', 't-path:accountNumber');
    expect(screen.getByRole('textbox', { name: 'limit' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'limit' })).not.toHaveAttribute('aria-required');
  });

  it('reports each edit by the field’s key, and offers a new Idempotency-Key', () => {
    const { onChange, onNewKey } = renderFields();
    fireEvent.change(screen.getByRole('textbox', { name: 'limit' }), { target: { value: '10' } });
    expect(onChange).toHaveBeenCalledWith('query:limit', '10');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    expect(onNewKey).toHaveBeenCalledTimes(1);
  });

  it('shows a field its problem, tied to the input', () => {
    renderFields({
      problems: [
        { field: 'Idempotency-Key (header)', key: 'header:Idempotency-Key', message: 'must match format "uuid"' },
      ],
    });
    const key = screen.getByRole('textbox', { name: /^Idempotency-Key/ });
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription('Idempotency-Key must match format "uuid"');
    expect(screen.getByRole('textbox', { name: /^accountNumber/ })).not.toHaveAttribute('aria-invalid');
  });

  it('shows no group without fields', () => {
    const { container } = renderFields({ fields: [] });
    expect(container).toBeEmptyDOMElement();
  });
});
