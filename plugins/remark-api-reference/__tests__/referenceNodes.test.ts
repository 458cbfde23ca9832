/** @jest-environment node */
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { operationHref } from '../../../config/apiReference';
import { loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { environmentUrl, scopeAlternatives } from '..';
import { operationNodes, type ReferenceOperation } from '../referenceNodes';
import { decodeEnvironmentUrls, decodeScopeAlternatives } from '../../../src/components/ApiEndpoint/endpointFacts';

const accounts = loadDereferenced('accounts');
const servers = accounts.servers as { url: string; description: string }[];

function referenceOperation(operationId: string): ReferenceOperation {
  const operation = operationsOf('accounts', accounts).find((candidate) => candidate.operationId === operationId)!;
  return {
    ...operation,
    serverUrl: servers[0].url,
    urls: servers.map((server) => environmentUrl(server, operation.path)),
    security: scopeAlternatives(operation.definition.security ?? accounts.security),
    referenceHref: operationHref('/api/accounts-api', operationId),
  };
}

/** The attributes of the ApiEndpoint element of an operation block. */
function endpointAttributes(operationId: string): Record<string, string> {
  const [endpoint] = operationNodes(referenceOperation(operationId), 3, () => []) as MdxJsxFlowElement[];
  expect(endpoint.name).toBe('ApiEndpoint');
  return Object.fromEntries(
    endpoint.attributes.map((attribute) => [(attribute as { name: string }).name, String(attribute.value)]),
  );
}

describe('the operation block', () => {
  it('shows the path relative to the base URL, and the whole URL per environment', () => {
    const attributes = endpointAttributes('getBalanceSummary');
    expect(attributes.path).toBe('/accounts/{accountNumber}/balances/summary');
    expect(decodeEnvironmentUrls(attributes.urls)).toEqual([
      {
        environment: 'Sandbox',
        url: 'https://sandbox.api.clearing.example/v1/accounts/{accountNumber}/balances/summary',
      },
      { environment: 'Production', url: 'https://api.clearing.example/v1/accounts/{accountNumber}/balances/summary' },
    ]);
    for (const url of decodeEnvironmentUrls(attributes.urls))
      expect(new URL(url.url).pathname).not.toMatch(/\/v1\/v1\//);
  });

  it('keeps alternative security requirements apart', () => {
    expect(decodeScopeAlternatives(endpointAttributes('getOnboardingResult').security)).toEqual([
      ['accounts.read'],
      ['onboarding.write'],
    ]);
    expect(decodeScopeAlternatives(endpointAttributes('getAccount').security)).toEqual([['accounts.read']]);
  });

  it('links to the operation in the reference', () => {
    expect(endpointAttributes('getAccount').referenceHref).toBe('/api/accounts-api#operation/getAccount');
  });
});

describe('scopeAlternatives', () => {
  it('gives one list per requirement object, the scopes of its schemes together', () => {
    expect(scopeAlternatives([{ oauth: ['a', 'b'] }, { oauth: ['c'], apiKey: [] }])).toEqual([['a', 'b'], ['c']]);
    expect(scopeAlternatives(undefined)).toEqual([]);
  });
});

describe('environmentUrl', () => {
  it('names the environment by the first word of the server description', () => {
    expect(environmentUrl({ url: 'https://x.example/v1/', description: 'Sandbox: test data.' }, '/a')).toEqual({
      environment: 'Sandbox',
      url: 'https://x.example/v1/a',
    });
    expect(() => environmentUrl({ url: 'https://x.example' }, '/a')).toThrow('needs a description');
  });
});
