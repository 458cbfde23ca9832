/**
 * How the contract suite holds an answer to the descriptions: the operation a method and path name, and what
 * is wrong with the answer (a status the operation does not list, a documented header missing or malformed, a
 * body off its schema). This is the one module of the suite that reads the descriptions' validators: it uses
 * the sandbox's own (`sandbox/spec.ts`) today and can be pointed at a shared OpenAPI core without touching the
 * rest of the suite.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isObject, type JsonObject } from '../../openapi/document';
import {
  loadSandboxDescriptions,
  matchOperation,
  validateResponse,
  type SandboxDescriptions,
  type SandboxOperation,
} from '../../sandbox/spec';

export type Operation = SandboxOperation;
export type Descriptions = SandboxDescriptions;

export const descriptions = (): Descriptions => loadSandboxDescriptions();

/** The operation a method and a path below the API's base URL (`/orders/equity/…`, no query) name, or null. */
export function operationAt(method: string, path: string): Operation | null {
  const match = matchOperation(descriptions(), method, path);
  return match.kind === 'operation' ? match.operation : null;
}

export function operationById(operationId: string): Operation {
  const found = descriptions().operations.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the descriptions`);
  return found;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string | null;
  /** The parsed JSON body, or `undefined` for any other body. */
  readonly body: unknown;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
addFormats(ajv);
const headerValidators = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Every way an answer of `operation` breaks its description: status, documented headers, body. */
export function answerProblems(operation: Operation, answer: Answer): string[] {
  const problems = validateResponse(operation, answer.status, answer.contentType, answer.body);
  const responses = isObject(operation.definition.responses) ? operation.definition.responses : {};
  const response = responses[String(answer.status)];
  const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
  for (const [name, header] of Object.entries(headers)) {
    if (!isObject(header)) continue;
    const value = answer.headers.get(name);
    if (value === null) {
      if (header.required === true) problems.push(`header ${name} is documented as required and missing`);
      continue;
    }
    if (isObject(header.schema)) {
      const validate = headerValidators.get(header.schema) ?? ajv.compile(header.schema as JsonObject);
      headerValidators.set(header.schema, validate);
      if (!validate(value)) problems.push(`header ${name}: ${value} ${ajv.errorsText(validate.errors)}`);
    }
  }
  return problems.map((problem) => `${operation.operationId} ${answer.status}: ${problem}`);
}
