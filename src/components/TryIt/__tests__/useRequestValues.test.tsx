/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { TryItOperation } from '@site/contracts/tryIt/operation';
import { fieldKey, IDEMPOTENCY_FIELD_KEY } from '../tryItRequest';
import useRequestValues from '../useRequestValues';
import { OPERATION } from './fakes';

/** Keys `key-1`, `key-2`, … */
function keys() {
  let made = 0;
  return () => `key-${(made += 1)}`;
}

const WITHOUT_KEY: TryItOperation = {
  ...OPERATION,
  operationId: 'getAccount',
  method: 'GET',
  path: '/accounts/{accountNumber}',
  contentType: null,
  bodyRequired: false,
  fields: [{ name: 'accountNumber', in: 'path', required: true, type: 'string', example: '5GT10001', description: '' }],
  examples: [],
};

describe('useRequestValues', () => {
  it('is empty until the operation arrives, then holds its default example and a new Idempotency-Key', () => {
    const newKey = keys();
    const { result, rerender } = renderHook(({ operation }) => useRequestValues(operation, newKey), {
      initialProps: { operation: null as TryItOperation | null },
    });
    expect(result.current.values).toEqual({ fields: {}, body: '' });
    rerender({ operation: OPERATION });
    expect(result.current.values).toEqual({
      fields: { [IDEMPOTENCY_FIELD_KEY]: 'key-1' },
      body: JSON.stringify({ accountType: 'INDIVIDUAL' }, null, 2),
    });
    expect(result.current.exampleName).toBeUndefined();
  });

  it('fills in another example, keeping the key', () => {
    const { result } = renderHook(() => useRequestValues(OPERATION, keys()));
    act(() => result.current.setField(IDEMPOTENCY_FIELD_KEY, 'typed-key'));
    act(() => result.current.chooseExample('joint'));
    expect(result.current.exampleName).toBe('joint');
    expect(result.current.values).toEqual({
      fields: { [IDEMPOTENCY_FIELD_KEY]: 'typed-key' },
      body: JSON.stringify({ accountType: 'JOINT' }, null, 2),
    });
  });

  it('keeps each edit, and makes a new key on request', () => {
    const newKey = keys();
    const { result } = renderHook(() => useRequestValues(OPERATION, newKey));
    act(() => result.current.setBody('{}'));
    act(() => result.current.setForm({ text: { documentType: 'W9' }, files: {} }));
    act(() => result.current.renewKey());
    expect(result.current.values).toEqual({
      fields: { [IDEMPOTENCY_FIELD_KEY]: 'key-2' },
      body: '{}',
      form: { text: { documentType: 'W9' }, files: {} },
    });
  });

  it('makes no key for an operation that takes none', () => {
    const newKey = jest.fn(() => 'unused');
    const { result } = renderHook(() => useRequestValues(WITHOUT_KEY, newKey));
    act(() => result.current.renewKey());
    expect(result.current.values.fields).toEqual({ [fieldKey({ in: 'path', name: 'accountNumber' })]: '5GT10001' });
    expect(newKey).not.toHaveBeenCalled();
  });

  it('starts again for another operation', () => {
    const { result, rerender } = renderHook(({ operation }) => useRequestValues(operation, keys()), {
      initialProps: { operation: OPERATION },
    });
    act(() => result.current.chooseExample('joint'));
    rerender({ operation: WITHOUT_KEY });
    expect(result.current.exampleName).toBeUndefined();
    expect(result.current.values).toEqual({ fields: { 'path:accountNumber': '5GT10001' }, body: '' });
  });
});
