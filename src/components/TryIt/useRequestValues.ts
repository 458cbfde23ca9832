import { useState } from 'react';
import type { TryItOperation } from '@site/contracts/tryIt/operation';
import {
  exampleValues,
  fieldKey,
  IDEMPOTENCY_FIELD_KEY,
  initialValues,
  type FormPartValues,
  type FormValues,
} from './tryItRequest';

const EMPTY: FormValues = { fields: {}, body: '' };

/** A new `Idempotency-Key`, read when one is needed (the browser's `crypto`, never at module load). */
export const randomKey = () => crypto.randomUUID();

export interface RequestValues {
  readonly values: FormValues;
  /** The example the reader picked, or undefined for the default one. */
  readonly exampleName: string | undefined;
  /** Fills the form with an example's values, keeping the `Idempotency-Key`. */
  readonly chooseExample: (name: string) => void;
  /** Sets the text of the field with this `fieldKey`. */
  readonly setField: (key: string, text: string) => void;
  readonly setBody: (body: string) => void;
  readonly setForm: (form: FormPartValues) => void;
  /** Puts a new key in the `Idempotency-Key` field (after a send, or on request). */
  readonly renewKey: () => void;
}

/**
 * What the reader has typed in the request form of `operation`: its default example's values and a new
 * `Idempotency-Key` when the operation arrives, then each edit.
 */
export default function useRequestValues(
  operation: TryItOperation | null,
  newKey: () => string = randomKey,
): RequestValues {
  const [state, setState] = useState<{
    operation: TryItOperation | null;
    values: FormValues;
    exampleName: string | undefined;
  }>(() => ({ operation, values: operation ? initialValues(operation, newKey) : EMPTY, exampleName: undefined }));
  if (state.operation !== operation) {
    // A new operation (its module has arrived): its form starts again, in this render.
    setState({ operation, values: operation ? initialValues(operation, newKey) : EMPTY, exampleName: undefined });
  }
  const update = (change: (values: FormValues) => FormValues) =>
    setState((current) => ({ ...current, values: change(current.values) }));
  return {
    values: state.values,
    exampleName: state.exampleName,
    chooseExample: (name) =>
      setState((current) => {
        const filled = current.operation ? exampleValues(current.operation, name) : EMPTY;
        return {
          ...current,
          exampleName: name,
          values: {
            ...filled,
            fields: { ...filled.fields, [IDEMPOTENCY_FIELD_KEY]: current.values.fields[IDEMPOTENCY_FIELD_KEY] ?? '' },
          },
        };
      }),
    setField: (key, text) => update((current) => ({ ...current, fields: { ...current.fields, [key]: text } })),
    setBody: (body) => update((current) => ({ ...current, body })),
    setForm: (form) => update((current) => ({ ...current, form })),
    renewKey: () => {
      if (!operation?.fields.some((field) => fieldKey(field) === IDEMPOTENCY_FIELD_KEY)) return;
      update((current) => ({ ...current, fields: { ...current.fields, [IDEMPOTENCY_FIELD_KEY]: newKey() } }));
    },
  };
}
