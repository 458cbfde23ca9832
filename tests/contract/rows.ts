/**
 * Runs one row of `x-sandbox-test-values` as its data says (openapi/sandboxBehaviour.ts): the account its
 * trigger describes, the operation's first request example with the trigger's fields laid over it, then the
 * expected status and code, or the state the resource at `Location` settles in.
 */
import { isDeepStrictEqual } from 'node:util';
import { durationMs, readField, type TestValueRow } from '../../openapi/sandboxBehaviour';
import { descriptions, type Operation } from './check';
import { codeOf, locationPath, newKey, type Reply } from './client';
import { requestExample, withFields, type World } from './world';

export interface RowCase {
  /** `api#operationId: when`, the name the suite and the unreachable list use. */
  readonly name: string;
  readonly operation: Operation;
  readonly row: TestValueRow;
}

/** Every row of every `x-sandbox-test-values`, from the descriptions. */
export function rowCases(): RowCase[] {
  return descriptions().operations.flatMap((operation) =>
    ((operation.definition['x-sandbox-test-values'] ?? []) as TestValueRow[]).map((row) => ({
      name: `${operation.api}#${operation.operationId}: ${row.when}`,
      operation,
      row,
    })),
  );
}

/** Why the suite cannot run a row, or null when it can. */
export function cannotRun({ operation }: RowCase): string | null {
  if (operation.pathParameterNames.length > 0) {
    return `${operation.operationId} has path parameters, which a row's trigger cannot fill: teach tests/contract/rows.ts to`;
  }
  if (operation.method !== 'POST')
    return `${operation.operationId} is not a POST: teach tests/contract/rows.ts to send it`;
  return null;
}

/** Runs a row, and returns what is wrong (empty when the target honours it). */
export async function runRow(world: World, rowCase: RowCase): Promise<string[]> {
  const { operation, row } = rowCase;
  const { client } = world;
  const fields: Record<string, unknown> = { ...row.trigger.request };
  if (row.trigger.account) {
    const account = await world.account(row.trigger.account.status, row.trigger.account.funded ?? false);
    const example = requestExample(operation.operationId);
    if ('accountNumber' in example) fields.accountNumber = account.accountNumber;
    if ('accountNumbers' in example) fields.accountNumbers = [account.accountNumber];
  }
  const body = withFields(requestExample(operation.operationId), { clientOrderId: null, ...fields });
  if (body.clientOrderId === undefined) delete body.clientOrderId;
  const reply = await client.send({ method: operation.method, path: operation.path, body, headers: newKey() });
  const wrong = [...reply.problems];
  if (reply.status !== row.expect.status || (row.expect.code && codeOf(reply) !== row.expect.code)) {
    return [
      ...wrong,
      `answered ${reply.status} ${codeOf(reply) ?? ''}, expected ${row.expect.status} ${row.expect.code ?? ''}: ${JSON.stringify(reply.json)}`,
    ];
  }
  if (!row.expect.state) return wrong;
  const path = locationPath(reply, client.target.baseUrl);
  if (row.expect.after) {
    // The state holds only after this much sandbox time: wait until the earlier state settles, then move the
    // clock with the clock operation (on any target).
    await client.waitFor(path, (answer) => answer.status === 200, `${path} readable`);
    await world.advanceClock(durationMs(row.expect.after) + 1000);
  }
  const state = row.expect.state;
  const differences = (answer: Reply) =>
    Object.entries(state)
      .filter(([field, value]) => !isDeepStrictEqual(readField(answer.json, field), value))
      .map(
        ([field, value]) =>
          `${field} is ${JSON.stringify(readField(answer.json, field))}, not ${JSON.stringify(value)}`,
      );
  try {
    const settled = await client.waitFor(path, (answer) => differences(answer).length === 0, rowCase.name);
    wrong.push(...settled.problems);
  } catch (error) {
    const last = await client.send({ method: 'GET', path });
    wrong.push(`${path} never settled as expected: ${differences(last).join('; ')} (${(error as Error).message})`);
  }
  return wrong;
}
