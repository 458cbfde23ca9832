/**
 * Request samples in curl, JavaScript (fetch) and Python (requests): one request model built from the
 * operation's examples in the API description, written out by one small writer per language.
 */
import { curlSample } from './curlSample';
import { fetchSample } from './fetchSample';
import { pythonSample } from './pythonSample';
import { sampleRequest, type SampleOperation, type SampleOptions, type SampleRequest } from './requestModel';

export interface RequestSample {
  readonly language: 'bash' | 'javascript' | 'python';
  readonly label: string;
  readonly code: string;
}

const WRITERS = [
  { language: 'bash', label: 'curl', write: curlSample },
  { language: 'javascript', label: 'JavaScript (fetch)', write: fetchSample },
  { language: 'python', label: 'Python (requests)', write: pythonSample },
] as const satisfies readonly (Omit<RequestSample, 'code'> & { write: (request: SampleRequest) => string })[];

export function requestSamples(operation: SampleOperation, options: SampleOptions = {}): RequestSample[] {
  const request = sampleRequest(operation, options);
  return WRITERS.map(({ language, label, write }) => ({ language, label, code: write(request) }));
}
