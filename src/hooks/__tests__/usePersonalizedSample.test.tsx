/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import usePersonalizedSample from '../usePersonalizedSample';

let mockClientId: string | undefined;
let mockSubstitutionLoaded = false;

jest.mock('../../auth/useSandboxClientId', () => ({ __esModule: true, default: () => mockClientId }));
// The real substitution; the flag says whether anything asked for its module.
jest.mock('../../auth/personalValues', () => {
  mockSubstitutionLoaded = true;
  return jest.requireActual('../../auth/personalValues');
});

const SAMPLE = 'curl -u "$CLIENT_ID:$CLIENT_SECRET" https://sandbox.api.clearing.example/connect/token';

describe('usePersonalizedSample', () => {
  it('keeps the placeholder and never downloads the substitution when there is no client id', async () => {
    mockClientId = undefined;
    const { result, rerender } = renderHook(() => usePersonalizedSample(SAMPLE));
    rerender();
    // Effects have run and any import would have been asked for by now.
    await Promise.resolve();
    expect(result.current).toBe(SAMPLE);
    expect(mockSubstitutionLoaded).toBe(false);
  });

  it('leaves anything but a string as it is, downloading nothing', () => {
    mockClientId = 'sandbox-demo';
    const element = { type: 'span' };
    const { result } = renderHook(() => usePersonalizedSample(element));
    expect(result.current).toBe(element);
    expect(mockSubstitutionLoaded).toBe(false);
  });

  it('downloads the substitution once there is a client id and shows it in the sample, never the secret', async () => {
    mockClientId = 'sandbox-demo';
    const { result } = renderHook(() => usePersonalizedSample(SAMPLE));
    // The first frame is the sample as built.
    expect(result.current).toBe(SAMPLE);
    await waitFor(() =>
      expect(result.current).toBe(
        'curl -u "sandbox-demo:$CLIENT_SECRET" https://sandbox.api.clearing.example/connect/token',
      ),
    );
    expect(mockSubstitutionLoaded).toBe(true);
    // A sample rendered afterwards (another page) gets it too.
    const { result: later } = renderHook(() => usePersonalizedSample('echo $CLIENT_ID'));
    await waitFor(() => expect(later.current).toBe('echo sandbox-demo'));
  });
});
