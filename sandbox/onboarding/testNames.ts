/**
 * The review outcomes of the sandbox by the `PRIMARY` owner's family name, read once from the rows of
 * `x-sandbox-test-values` of `openAccount` (their `trigger` names the family name, their `expect.state` the
 * outcome), so that a row changed in the description changes the sandbox. A name no row names is approved.
 */
import type { TestValueRow } from '../../openapi/sandboxBehaviour';
import { durationMs } from '../../openapi/sandboxBehaviour';
import type { SandboxDescriptions } from '../spec';
import type { OnboardingAction, ReviewOutcome } from '../state';

const FAMILY_NAME = 'owners[0].familyName';

/** What a family name does: the outcome of the review, and an action the review first asks for. */
export interface TestName {
  readonly outcome: ReviewOutcome;
  /** An action raised before the decision (`ACTION_REQUIRED` rows), or the one that is left open to expire. */
  readonly action?: {
    readonly type: OnboardingAction['type'];
    readonly documentType: string | null;
    readonly field: string | null;
    /** How long it may stay open, when the row says (`expect.after`): then it is never answered. */
    readonly expiresAfterMs?: number;
  };
}

const tables = new WeakMap<SandboxDescriptions, ReadonlyMap<string, TestName>>();

/** The family names of the rows, each with what it does. */
export function testNames(descriptions: SandboxDescriptions): ReadonlyMap<string, TestName> {
  const cached = tables.get(descriptions);
  if (cached) return cached;
  const operation = descriptions.operations.find((candidate) => candidate.operationId === 'openAccount');
  const rows = (operation?.definition['x-sandbox-test-values'] ?? []) as TestValueRow[];
  const table = new Map<string, TestName>();
  for (const row of rows) {
    const name = row.trigger.request[FAMILY_NAME];
    const state = row.expect.state ?? {};
    if (typeof name !== 'string' || row.when.startsWith('Any other')) continue;
    const status = String(state.status);
    const reason = state['rejectionReason.code'];
    if (status === 'PENDING') table.set(name, { outcome: { status: 'PENDING' } });
    else if (status === 'ACTION_REQUIRED') {
      table.set(name, {
        outcome: { status: 'APPROVED' },
        action: {
          type: String(state['requiredActions[0].type']) as OnboardingAction['type'],
          documentType: (state['requiredActions[0].documentType'] as string | undefined) ?? null,
          field: (state['requiredActions[0].field'] as string | undefined) ?? null,
        },
      });
    } else if (status === 'REJECTED' && reason === 'ACTION_NOT_COMPLETED' && row.expect.after) {
      // Rejected because its action stays open past its (short) deadline: which document the row does not say.
      table.set(name, {
        outcome: { status: 'APPROVED' },
        action: {
          type: 'DOCUMENT_REQUIRED',
          documentType: 'PROOF_OF_ADDRESS',
          field: null,
          expiresAfterMs: durationMs(row.expect.after),
        },
      });
    } else if (status === 'REJECTED') table.set(name, { outcome: { status: 'REJECTED', reason: String(reason) } });
  }
  tables.set(descriptions, table);
  return table;
}
