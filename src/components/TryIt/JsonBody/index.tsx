import React, { type ReactNode } from 'react';
import KeepWhole from '../../KeepWhole';
import KeptCode from '../../KeptCode';
import shared from '../shared.module.css';

export interface Props {
  /** Prefixes the text area's id (the panel's `useId`). */
  readonly idPrefix: string;
  /** The body's JSON media type, as the description names it. */
  readonly contentType: string;
  readonly required: boolean;
  readonly value: string;
  /** Whether the last check found a problem in the body (listed above the buttons). */
  readonly invalid: boolean;
  readonly onChange: (body: string) => void;
}

/** The JSON body of the request, as text the reader edits: as tall as its lines, from 4 to 16. */
export default function JsonBody({ idPrefix, contentType, required, value, invalid, onChange }: Props): ReactNode {
  return (
    <div className={shared.field}>
      <label htmlFor={`${idPrefix}-body`}>
        Request body{' '}
        <KeepWhole together>
          (<KeptCode>{contentType}</KeptCode>)
        </KeepWhole>
        {required ? <span className={shared.required}> (required)</span> : null}
      </label>
      <textarea
        id={`${idPrefix}-body`}
        className={shared.body}
        rows={Math.min(16, Math.max(4, value.split('\n').length))}
        spellCheck={false}
        value={value}
        aria-required={required || undefined}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
