import {
  testValuesMarkdown,
  testValuesOf,
  transitionsMarkdown,
  transitionsOf,
  TRANSITIONS_INTRODUCTION,
} from '../behaviourProse';

describe('transitions', () => {
  it('reads x-transitions in the order the description gives, and writes one list item per status', () => {
    const transitions = transitionsOf({
      type: 'string',
      'x-transitions': { PENDING_NEW: ['NEW', 'REJECTED', 'PENDING_CANCEL'], PENDING_CANCEL: ['CANCELED'] },
    });
    expect(transitions).toEqual([
      { from: 'PENDING_NEW', to: ['NEW', 'REJECTED', 'PENDING_CANCEL'] },
      { from: 'PENDING_CANCEL', to: ['CANCELED'] },
    ]);
    expect(transitionsMarkdown(transitions)).toBe(
      [
        TRANSITIONS_INTRODUCTION,
        '',
        '- `PENDING_NEW` can move to `NEW`, `REJECTED` or `PENDING_CANCEL`.',
        '- `PENDING_CANCEL` can move to `CANCELED`.',
      ].join('\n'),
    );
  });

  it('writes nothing for a schema without them', () => {
    expect(transitionsOf({ type: 'string', enum: ['A'] })).toEqual([]);
    expect(transitionsMarkdown([])).toBe('');
  });
});

describe('sandbox test values', () => {
  const operation = {
    'x-sandbox-test-values': [
      {
        when: 'Any order for `XRJT`',
        outcome: { 'orders#OrderStatus': 'REJECTED' },
        trigger: { request: { symbol: 'XRJT' } },
        expect: { status: 201, state: { status: 'REJECTED' } },
      },
      {
        when: 'Family name `Identity` | or not',
        outcome: {
          'onboarding#ApplicationStatus': 'REJECTED',
          'onboarding#RejectionReasonCode': 'IDENTITY_NOT_VERIFIED',
        },
        trigger: { request: {} },
        expect: { status: 202, state: { status: 'REJECTED' } },
      },
    ],
  };

  it('shows what a row sends and its outcome values, not the data the contract suite reads', () => {
    expect(testValuesOf(operation)).toEqual([
      { when: 'Any order for `XRJT`', outcome: ['REJECTED'] },
      { when: 'Family name `Identity` | or not', outcome: ['REJECTED', 'IDENTITY_NOT_VERIFIED'] },
    ]);
  });

  it('writes a list under its heading, one item per row: what you send, then its outcome', () => {
    const lines = testValuesMarkdown(testValuesOf(operation)).split('\n');
    expect(lines[0]).toBe('**Sandbox test values**');
    expect(lines[2]).toContain('[Sandbox test values](/docs/getting-started/sandbox)');
    expect(lines.slice(4)).toEqual([
      '- Any order for `XRJT`: `REJECTED`.',
      '- Family name `Identity` | or not: `REJECTED`, `IDENTITY_NOT_VERIFIED`.',
    ]);
  });

  it('writes nothing for an operation without test values', () => {
    expect(testValuesMarkdown(testValuesOf({ operationId: 'getAccount' }))).toBe('');
  });
});
