/**
 * Redoc shows no `x-` extension, and the descriptions' prose refers to what the docs pages show of two of them
 * (a status's transitions, an operation's sandbox test values). The reference shows the same rows, written
 * by `plugins/lib/behaviourProse.ts`, at the end of the description of the schema or operation that holds them.
 */
import { HTTP_METHODS, isObject, type JsonObject } from '../../openapi/document';
import { testValuesMarkdown, testValuesOf, transitionsMarkdown, transitionsOf } from '../lib/behaviourProse';

/** Keys whose values are data (examples), never schemas. */
const DATA_KEYS = new Set(['example', 'examples']);

const appended = (description: unknown, markdown: string) =>
  typeof description === 'string' && description.trim() ? `${description}\n\n${markdown}` : markdown;

function showTransitions(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(showTransitions);
    return;
  }
  if (!isObject(value)) return;
  const transitions = transitionsMarkdown(transitionsOf(value));
  if (transitions) value.description = appended(value.description, transitions);
  for (const [key, child] of Object.entries(value)) {
    if (!DATA_KEYS.has(key) && !key.startsWith('x-')) showTransitions(child);
  }
}

/** A copy of the description in which each status schema lists its transitions, and each operation its test values. */
export function withBehaviourShown(description: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(description)) as JsonObject;
  showTransitions(copy);
  for (const item of Object.values(isObject(copy.paths) ? copy.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const testValues = testValuesMarkdown(testValuesOf(operation));
      if (testValues) operation.description = appended(operation.description, testValues);
    }
  }
  return copy;
}
