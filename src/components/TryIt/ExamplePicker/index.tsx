import React, { type ReactNode } from 'react';
import type { TryItExample } from '@site/contracts/tryIt/operation';
import shared from '../shared.module.css';

export interface Props {
  /** Prefixes the menu's id (the panel's `useId`). */
  readonly idPrefix: string;
  readonly examples: readonly TryItExample[];
  /** The name of the example shown. */
  readonly value: string | undefined;
  readonly onChange: (name: string) => void;
}

/** The menu of the description's examples of the request, shown when there is more than one. */
export default function ExamplePicker({ idPrefix, examples, value, onChange }: Props): ReactNode {
  if (examples.length <= 1) return null;
  return (
    <div className={shared.field}>
      <label htmlFor={`${idPrefix}-example`}>Example</label>
      <select id={`${idPrefix}-example`} value={value} onChange={(event) => onChange(event.target.value)}>
        {examples.map((example) => (
          <option key={example.name} value={example.name}>
            {example.summary}
          </option>
        ))}
      </select>
    </div>
  );
}
