/** @jest-environment jsdom */
import React, { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TryItFormPart } from '../../operation';
import type { FormPartValues, Problem } from '../../tryItRequest';
import MultipartForm from '..';

const PARTS: TryItFormPart[] = [
  { name: 'file', required: true, file: true, description: '' },
  { name: 'documentType', required: true, file: false, description: '' },
  { name: 'description', required: false, file: false, description: '' },
];

function Harness({ problems = [], seen }: { problems?: Problem[]; seen: (values: FormPartValues) => void }) {
  const [values, setValues] = useState<FormPartValues>({ text: { documentType: 'W9' }, files: {} });
  return (
    <MultipartForm
      idPrefix="t"
      contentType="multipart/form-data"
      parts={PARTS}
      values={values}
      problems={problems}
      onChange={(next) => {
        seen(next);
        setValues(next);
      }}
    />
  );
}

describe('MultipartForm', () => {
  it('offers a file picker for the file part and a text input for each field, required ones marked', () => {
    render(<Harness seen={jest.fn()} />);
    // jsdom lays nothing out, so its accessible name has a space at each element of the code (kept pieces, <wbr>).
    expect(screen.getByRole('group', { name: /^Request body \(\s*multipart\/\s*form-data\s*\)$/ })).toBeVisible();
    const file = screen.getByLabelText(/^file \(file\)/);
    expect(file).toHaveAttribute('type', 'file');
    expect(file).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: /^documentType/ })).toHaveValue('W9');
    expect(screen.getByRole('textbox', { name: /^documentType/ })).toHaveAccessibleName('documentType (required)');
    expect(screen.getByRole('textbox', { name: 'description' })).not.toHaveAttribute('aria-required');
  });

  it('reports the chosen file and typed text, keeping the other parts', () => {
    const seen = jest.fn();
    render(<Harness seen={seen} />);
    const chosen = new File(['%PDF-1.7'], 'w9.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/^file \(file\)/), { target: { files: [chosen] } });
    expect(seen).toHaveBeenLastCalledWith({ text: { documentType: 'W9' }, files: { file: chosen } });
    expect(screen.getByText(/^w9\.pdf, 8 bytes \(application\/pdf\)/)).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'description' }), { target: { value: 'Signed' } });
    expect(seen).toHaveBeenLastCalledWith({
      text: { documentType: 'W9', description: 'Signed' },
      files: { file: chosen },
    });
  });

  it('shows a part its problem, tied to the input', () => {
    render(
      <Harness
        seen={jest.fn()}
        problems={[{ field: 'file (form)', key: 'form:file', message: 'is required: choose a file' }]}
      />,
    );
    const file = screen.getByLabelText(/^file \(file\)/);
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(file).toHaveAccessibleDescription('file is required: choose a file');
    // Chosen, the part is no longer missing.
    fireEvent.change(file, { target: { files: [new File(['x'], 'w9.pdf')] } });
    expect(file).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('file is required: choose a file')).not.toBeInTheDocument();
  });
});
