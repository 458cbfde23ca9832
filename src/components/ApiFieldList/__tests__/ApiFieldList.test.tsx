/** @jest-environment jsdom */
import React from 'react';
import { MemoryRouter } from 'react-router-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import ApiField from '../../ApiField';
import ApiFieldList from '..';

function renderOrderFields(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ApiFieldList label="Request body fields">
        <ApiField name="symbol" anchor="request.symbol" type="string" requirement="required">
          <p>The ticker.</p>
        </ApiField>
        <ApiField name="limitPrice" anchor="request.limitPrice" type="object (Money)" requirement="optional">
          <p>The limit.</p>
          <ApiFieldList label="Fields of limitPrice" parent="limitPrice">
            <ApiField name="amount" anchor="request.limitPrice.amount" type="string" requirement="required">
              <ApiFieldList label="Fields of amount" parent="amount" collapsed="true">
                <ApiField name="scale" anchor="request.limitPrice.amount.scale" type="integer" />
              </ApiFieldList>
            </ApiField>
          </ApiFieldList>
        </ApiField>
      </ApiFieldList>
    </MemoryRouter>,
  );
}

// jsdom lays nothing out; the browser test checks that a link lands on the field.
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

describe('the field reference', () => {
  it('is a list of fields, each line its name, type and requirement, with a link to its anchor', () => {
    renderOrderFields();
    const list = screen.getByRole('list', { name: 'Request body fields' });
    const symbol = within(list).getAllByRole('listitem')[0];
    expect(symbol).toHaveAttribute('id', 'request.symbol');
    expect(symbol).toHaveTextContent(/^symbolstringrequired#The ticker\.$/);
    expect(within(symbol).getByRole('link', { name: 'Link to request.symbol' })).toHaveAttribute(
      'href',
      '#request.symbol',
    );
  });

  it('nests a field’s fields under it, in a fold of its own', () => {
    renderOrderFields();
    const limitPrice = document.getElementById('request.limitPrice')!;
    const nested = within(limitPrice).getByRole('list', { name: 'Fields of limitPrice' });
    expect(nested.closest('details')).toHaveAttribute('open');
    expect(nested.closest('details')!.querySelector('summary')).toHaveTextContent('1 field of limitPrice');

    // The level below starts folded; its summary opens it (the browser test opens one from the keyboard).
    const fold = document.getElementById('request.limitPrice.amount')!.querySelector('details')!;
    expect(fold.open).toBe(false);
    fireEvent.click(fold.querySelector('summary')!);
    expect(fold.open).toBe(true);
  });

  it('opens the folds around the field the address points to', () => {
    renderOrderFields('/docs/page#request.limitPrice.amount.scale');
    expect(document.getElementById('request.limitPrice.amount')!.querySelector('details')!.open).toBe(true);
  });

  it('leaves a fold alone when the address points elsewhere', () => {
    renderOrderFields('/docs/page#request.symbol');
    expect(document.getElementById('request.limitPrice.amount')!.querySelector('details')!.open).toBe(false);
  });
});
