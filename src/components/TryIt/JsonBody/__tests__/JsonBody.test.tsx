/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import JsonBody from '..';

describe('JsonBody', () => {
  it('is a text area named after the media type, as tall as the JSON within 4 and 16 lines', () => {
    const onChange = jest.fn();
    const { rerender } = render(
      <JsonBody idPrefix="t" contentType="application/json" required value="{}" invalid={false} onChange={onChange} />,
    );
    const body = screen.getByRole('textbox', { name: /^Request body/ });
    // jsdom lays nothing out, so the accessible name has a space at each element of the code.
    expect(body).toHaveAccessibleName(/^Request body \(\s*application\/\s*json\s*\)\s*\(required\)$/);
    expect(body).toHaveAttribute('rows', '4');
    expect(body).toHaveAttribute('aria-required', 'true');
    expect(body).toHaveAttribute('spellcheck', 'false');
    expect(body).not.toHaveAttribute('aria-invalid');
    fireEvent.change(body, { target: { value: '{"a": 1}' } });
    expect(onChange).toHaveBeenCalledWith('{"a": 1}');
    rerender(
      <JsonBody
        idPrefix="t"
        contentType="application/json"
        required={false}
        value={'{\n'.repeat(30)}
        invalid
        onChange={onChange}
      />,
    );
    expect(body).toHaveAttribute('rows', '16');
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).not.toHaveAttribute('aria-required');
  });
});
