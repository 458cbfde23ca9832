/**
 * The Try it panel of an endpoint page's operation block: loaded only when the reader opens it (ApiEndpoint
 * imports it with React.lazy), with the operation's module (plugins/try-it) loaded then too. It sends the
 * request to the local sandbox directly or to the hosted one through the site's proxy (server/apiProxy.mjs),
 * never to production. This file only puts the parts together: the network flows are hooks (`useSandboxTarget`,
 * `useTryItToken`, `useSendRequest`), the request's logic is `tryItRequest.ts`, and each part of the panel has
 * its folder here.
 */
import React, { useId, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { isLoopbackHost } from '@site/contracts/net/loopback';
import { tryItModuleFile } from '@site/contracts/tryIt/operation';
import useSandboxClientId from '@site/src/auth/useSandboxClientId';
import Credentials from './Credentials';
import ExamplePicker from './ExamplePicker';
import JsonBody from './JsonBody';
import MultipartForm from './MultipartForm';
import ParameterFields from './ParameterFields';
import ProblemList from './ProblemList';
import RequestActions from './RequestActions';
import ResponseView from './ResponseView';
import SandboxNextStep from './SandboxNextStep';
import TargetChoice from './TargetChoice';
import { BODY_KEY, defaultExampleName, fieldKey, IDEMPOTENCY_FIELD_KEY } from './tryItRequest';
import useOperationModule from './useOperationModule';
import useRequestValues from './useRequestValues';
import useSandboxTarget from './useSandboxTarget';
import useSendRequest from './useSendRequest';
import useTryItToken from './useTryItToken';
import shared from './shared.module.css';
import styles from './styles.module.css';

export interface Props {
  readonly operationId: string;
  /** The API version whose description the page documents the operation from (v1 when not given): its module. */
  readonly apiVersion?: string;
}

export default function TryItPanel({ operationId, apiVersion }: Props): ReactNode {
  const id = useId();
  const isBrowser = useIsBrowser();
  const moduleUrl = useBaseUrl(`/${tryItModuleFile(operationId, apiVersion)}`);
  const { module, error } = useOperationModule(moduleUrl);
  const operation = module?.operation ?? null;
  // The request goes below the operation's base path (`/v1`, `/v2`), from its description's sandbox server: on the
  // local sandbox directly, on the hosted one through the site's proxy (`api-proxy/v1/*`, `api-proxy/v2/*`).
  const basePath = operation?.basePath ?? '';
  const proxyApi = useBaseUrl(`/api-proxy${basePath}`);
  const proxyToken = useBaseUrl('/api-proxy/connect/token');
  // The signed-in developer's own sandbox client id until the reader types one (it may arrive after the panel opens).
  const personalClientId = useSandboxClientId();
  // The local sandbox is offered only to a site on this machine (the CSP allows no other).
  const onLoopback = isBrowser && isLoopbackHost(window.location.hostname);

  const form = useRequestValues(operation);
  const sandbox = useSandboxTarget({ proxyApi, proxyToken, basePath, onLoopback });
  const { target } = sandbox;
  const token = useTryItToken({ target, isBrowser, personalClientId });
  const request = useSendRequest({ module, currentToken: token.currentToken, onSent: form.renewKey });

  if (error) return <p role="alert">{error}</p>;
  if (!operation) return <p role="status">Loading the request form…</p>;

  const { values } = form;
  const { problems, lastSent } = request;
  return (
    <div className={styles.panel}>
      <TargetChoice
        idPrefix={id}
        operationId={operation.operationId}
        onLoopback={onLoopback}
        targetId={target.id}
        probe={sandbox.probe}
        localAddress={sandbox.localAddress}
        localOrigin={sandbox.localOrigin}
        onAddressChange={sandbox.setLocalAddress}
        onCheckAgain={sandbox.checkAgain}
        onChoose={sandbox.choose}
      />

      <Credentials
        idPrefix={id}
        target={target}
        token={token.token}
        clientId={token.clientId}
        clientSecret={token.clientSecret}
        message={token.message}
        onClientIdChange={token.setClientId}
        onClientSecretChange={token.setClientSecret}
        onGetToken={() => void token.getToken()}
        onForgetToken={token.forgetToken}
      />

      <form
        aria-label="Request"
        onSubmit={(event) => {
          event.preventDefault();
          void request.send(values, target);
        }}
        noValidate>
        <ExamplePicker
          idPrefix={id}
          examples={operation.examples}
          value={form.exampleName ?? defaultExampleName(operation)}
          onChange={form.chooseExample}
        />
        <ParameterFields
          idPrefix={id}
          fields={operation.fields}
          values={values.fields}
          problems={problems}
          onChange={form.setField}
          onNewKey={form.renewKey}
        />
        {operation.contentType?.includes('json') && (
          <JsonBody
            idPrefix={id}
            contentType={operation.contentType}
            required={operation.bodyRequired}
            value={values.body}
            invalid={problems.some((problem) => problem.key === BODY_KEY)}
            onChange={form.setBody}
          />
        )}
        {operation.contentType && values.form && (
          <MultipartForm
            idPrefix={id}
            contentType={operation.contentType}
            parts={operation.formParts}
            values={values.form}
            problems={problems}
            onChange={form.setForm}
          />
        )}
        <ProblemList problems={problems} />
        <SandboxNextStep operationId={operation.operationId} response={request.result} />
        <RequestActions
          targetLabel={target.label}
          sending={request.sending}
          canResend={operation.fields.some((field) => fieldKey(field) === IDEMPOTENCY_FIELD_KEY)}
          resendKey={lastSent?.values.fields[IDEMPOTENCY_FIELD_KEY]}
          sent={lastSent !== null}
          onResend={() => lastSent && void request.send(lastSent.values, lastSent.target)}
          onCopyCurl={() => request.copyCurl(values, target)}
        />
        {request.curl && (
          <pre className={shared.output} tabIndex={0} aria-label="curl command">
            {request.curl}
          </pre>
        )}
      </form>

      <p role="status" className={styles.announcement}>
        {request.announcement}
      </p>

      {request.result && <ResponseView result={request.result} />}
    </div>
  );
}
