import React, { type ReactNode } from 'react';
import type { TryItField } from '@site/contracts/tryIt/operation';
import KeptCode from '../../KeptCode';
import { fieldKey, IDEMPOTENCY_FIELD_KEY, type Problem } from '../tryItRequest';
import shared from '../shared.module.css';

export interface Props {
  /** Prefixes the inputs' ids (the panel's `useId`). */
  readonly idPrefix: string;
  readonly fields: readonly TryItField[];
  /** The text of each field, by `fieldKey`. */
  readonly values: Readonly<Record<string, string>>;
  /** The problems of the last check; a field's own is shown under it. */
  readonly problems: readonly Problem[];
  readonly onChange: (key: string, text: string) => void;
  /** Puts a new key in the `Idempotency-Key` field. */
  readonly onNewKey: () => void;
}

const LOCATIONS = ['path', 'query', 'header'] as const;
const LOCATION_TITLE = { path: 'Path', query: 'Query', header: 'Headers' } as const;

/**
 * The operation's parameters, one group per location (path, query, headers) in that order, each with its problem;
 * the `Idempotency-Key` header with a button that makes a new key.
 */
export default function ParameterFields({ idPrefix, fields, values, problems, onChange, onNewKey }: Props): ReactNode {
  return LOCATIONS.filter((where) => fields.some((field) => field.in === where)).map((where) => (
    <fieldset key={where} className={shared.group}>
      <legend>{LOCATION_TITLE[where]}</legend>
      {fields
        .filter((field) => field.in === where)
        .map((field) => {
          const key = fieldKey(field);
          const problem = problems.find((candidate) => candidate.key === key);
          const inputId = `${idPrefix}-${key}`;
          return (
            <div key={key} className={shared.field}>
              <label htmlFor={inputId}>
                <KeptCode>{field.name}</KeptCode>
                {field.required ? <span className={shared.required}> (required)</span> : null}
              </label>
              <div className={shared.inline}>
                <input
                  id={inputId}
                  value={values[key] ?? ''}
                  aria-required={field.required || undefined}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${inputId}-problem` : undefined}
                  onChange={(event) => onChange(key, event.target.value)}
                />
                {key === IDEMPOTENCY_FIELD_KEY && (
                  <button type="button" className="button button--sm button--secondary" onClick={onNewKey}>
                    New key
                  </button>
                )}
              </div>
              {problem && (
                <p id={`${inputId}-problem`} className={shared.problem}>
                  {field.name} {problem.message}
                </p>
              )}
            </div>
          );
        })}
    </fieldset>
  ));
}
