import React, { type ReactNode } from 'react';
import type { TryItFormPart } from '@site/contracts/tryIt/operation';
import { fieldKey, type FormPartValues, type Problem } from '../tryItRequest';
import KeptCode from '../../KeptCode';
import shared from '../shared.module.css';
import styles from './styles.module.css';

export interface Props {
  /** Prefixes the inputs' ids (the panel's `useId`). */
  readonly idPrefix: string;
  /** The body's media type, as the description names it. */
  readonly contentType: string;
  readonly parts: readonly TryItFormPart[];
  readonly values: FormPartValues;
  /** The problems of the last check; a part's own is shown under it (key `form:<name>`). */
  readonly problems: readonly Problem[];
  readonly onChange: (values: FormPartValues) => void;
}

/**
 * The body of an upload in the Try it panel: a file picker for each file part and a text input for each
 * other part, in the order of the description's schema. The panel sends what they hold as the form.
 */
export default function MultipartForm({ idPrefix, contentType, parts, values, problems, onChange }: Props): ReactNode {
  return (
    <fieldset className={styles.form}>
      <legend>
        Request body (<KeptCode>{contentType}</KeptCode>)
      </legend>
      {parts.map((part) => {
        const inputId = `${idPrefix}-form-${part.name}`;
        const chosen = part.file ? values.files[part.name] : undefined;
        // A part's problem is that it is missing: gone as soon as it is filled.
        const filled = part.file ? chosen !== undefined : (values.text[part.name] ?? '') !== '';
        const problem = filled
          ? undefined
          : problems.find(({ key }) => key === fieldKey({ in: 'form', name: part.name }));
        const common = {
          id: inputId,
          'aria-required': part.required || undefined,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${inputId}-problem` : undefined,
        };
        return (
          <div key={part.name} className={styles.part}>
            <label htmlFor={inputId}>
              <KeptCode>{part.name}</KeptCode>
              {part.file ? ' (file)' : null}
              {part.required ? <span className={shared.required}> (required)</span> : null}
            </label>
            {part.file ? (
              <input
                {...common}
                type="file"
                onChange={(event) =>
                  onChange({ ...values, files: { ...values.files, [part.name]: event.target.files?.[0] } })
                }
              />
            ) : (
              <input
                {...common}
                value={values.text[part.name] ?? ''}
                onChange={(event) => onChange({ ...values, text: { ...values.text, [part.name]: event.target.value } })}
              />
            )}
            {chosen ? (
              <p className={styles.note}>
                {chosen.name}, {chosen.size.toLocaleString('en-US')} bytes
                {chosen.type ? ` (${chosen.type})` : ''}: sent only with the request, to the sandbox chosen above.
              </p>
            ) : null}
            {problem ? (
              <p id={`${inputId}-problem`} className={styles.problem}>
                {part.name} {problem.message}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
