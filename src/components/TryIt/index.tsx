/**
 * The Try it panel of an endpoint page's operation block: loaded only when the reader opens it (ApiEndpoint
 * imports it with React.lazy), with the operation's module (plugins/try-it) loaded then too. It sends the
 * request to the local sandbox directly or to the hosted one through the site's proxy (server/apiProxy.mjs),
 * never to production. The logic lives in `tryItRequest.ts`; tokens in `src/auth/sandboxToken.ts`.
 */
import React, { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {
  clearSandboxTokens,
  onSandboxTokensCleared,
  readSandboxToken,
  saveSandboxToken,
  type SandboxToken,
} from '@site/src/auth/sandboxToken';
import { isLoopbackHost, localSandboxOrigin } from '@site/contracts/net/loopback';
import KeptCode from '@site/src/components/KeptCode';
import KeepWhole from '@site/src/components/KeepWhole';
import useSandboxClientId from '@site/src/auth/useSandboxClientId';
import { LOCAL_SANDBOX, TOKEN } from '@site/src/facts';
import LocalDemoClient from './LocalDemoClient';
import MultipartForm from './MultipartForm';
import { readBody } from './responseBody';
import SandboxNextStep from './SandboxNextStep';
import { tryItModuleFile, type TryItModule } from '@site/contracts/tryIt/operation';
import {
  basicCredentials,
  curlCommand,
  defaultExampleName,
  exampleValues,
  fieldKey,
  IDEMPOTENCY_KEY,
  maskedToken,
  prepareRequest,
  responseProblems,
  type FormValues,
  type PreparedRequest,
  type Problem,
  type Target,
} from './tryItRequest';
import styles from './styles.module.css';

export interface Props {
  readonly operationId: string;
}

/**
 * The operation's module, built by plugins/try-it: a standalone ES module behind the gate, imported by the
 * browser itself (webpack leaves the import alone, so the pages' webpack runtime does not list the modules).
 */
async function loadOperation(url: string): Promise<TryItModule> {
  const loaded = (await import(/* webpackIgnore: true */ url)) as { default: TryItModule };
  return loaded.default;
}

/** Client secrets, per target, for renewing tokens: in this page's memory only, never stored. */
const secrets = new Map<Target['id'], { clientId: string; clientSecret: string }>();

const isLoopbackPage = () => isLoopbackHost(window.location.hostname);
const newKey = () => crypto.randomUUID();

interface Result {
  /** Counts the responses this panel has shown (`data-send`: a test tells a new one from the last). */
  readonly sequence: number;
  readonly target: Target;
  readonly request: PreparedRequest;
  readonly status: number;
  readonly statusText: string;
  readonly ms: number;
  readonly headers: readonly (readonly [string, string])[];
  /** Pretty-printed JSON, the text, or a note for bytes. */
  readonly body: string;
  readonly problems: readonly string[];
  /** A refusal of the site's proxy (its JSON `message`). */
  readonly proxyMessage?: string;
}

type Probe = 'checking' | 'answers' | 'silent';

async function requestToken(target: Target, clientId: string, clientSecret: string): Promise<SandboxToken> {
  const response = await fetch(target.tokenUrl, {
    method: 'POST',
    credentials: target.id === 'proxy' ? 'same-origin' : 'omit',
    headers: {
      Authorization: basicCredentials(clientId, clientSecret),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    const reason = [body.error_description, body.message, body.error].find((text) => typeof text === 'string');
    throw new Error(`The token endpoint answered ${response.status}${reason ? `: ${String(reason)}` : ''}.`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    expiresAt: Date.now() + lifetime * 1000,
    clientId,
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

export default function TryItPanel({ operationId }: Props): ReactNode {
  const id = useId();
  const proxyApi = useBaseUrl('/api-proxy/v1');
  const proxyToken = useBaseUrl('/api-proxy/connect/token');
  const moduleUrl = useBaseUrl(`/${tryItModuleFile(operationId)}`);
  const [module, setModule] = useState<TryItModule | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [localAddress, setLocalAddress] = useState<string>(LOCAL_SANDBOX.origin);
  const [probed, setProbed] = useState<{ key: string; answer: Probe } | null>(null);
  const [probeAttempt, setProbeAttempt] = useState(0);
  /** The target the reader picked; until then, the local sandbox when it answers, else the Sandbox. */
  const [chosenTarget, setChosenTarget] = useState<Target['id'] | null>(null);
  // The signed-in developer's own sandbox client id until the reader types one (it may arrive after the panel opens).
  const personalClientId = useSandboxClientId();
  const [typedClientId, setClientId] = useState<string | null>(null);
  const clientId = typedClientId ?? personalClientId ?? '';
  const [clientSecret, setClientSecret] = useState('');
  const [tokenMessage, setTokenMessage] = useState('');
  const [exampleName, setExampleName] = useState<string | undefined>(undefined);
  const [values, setValues] = useState<FormValues>({ fields: {}, body: '' });
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sending, setSending] = useState(false);
  const [curl, setCurl] = useState<string | null>(null);
  const [lastSent, setLastSent] = useState<{ values: FormValues; target: Target } | null>(null);
  const isBrowser = useIsBrowser();
  const onLoopback = isBrowser && isLoopbackPage();
  const [tokenVersion, setTokenVersion] = useState(0);

  useEffect(() => {
    let current = true;
    loadOperation(moduleUrl).then(
      (loaded) => {
        if (!current) return;
        setModule(loaded);
        const first = exampleValues(loaded.operation);
        const key = loaded.operation.fields.find((field) => field.name === IDEMPOTENCY_KEY);
        setValues(key ? { ...first, fields: { ...first.fields, [fieldKey(key)]: newKey() } } : first);
      },
      () => current && setLoadError('The request form could not be loaded. Reload the page to try again.'),
    );
    return () => {
      current = false;
    };
  }, [moduleUrl]);

  const localOrigin = localSandboxOrigin(localAddress);
  const targets = useMemo(() => {
    const proxy: Target = {
      id: 'proxy',
      label: 'Sandbox',
      apiUrl: typeof window === 'undefined' ? proxyApi : new URL(proxyApi, window.location.origin).href,
      tokenUrl: proxyToken,
    };
    const local: Target | null = localOrigin
      ? { id: 'local', label: 'Local sandbox', apiUrl: `${localOrigin}/v1`, tokenUrl: `${localOrigin}/connect/token` }
      : null;
    return { proxy, local };
  }, [proxyApi, proxyToken, localOrigin]);

  // The local sandbox is offered when it answers, and only to a site on this machine (the CSP allows no other).
  const probeKey = `${localOrigin ?? ''} ${probeAttempt}`;
  const probe: Probe = !onLoopback || !localOrigin ? 'silent' : probed?.key === probeKey ? probed.answer : 'checking';
  useEffect(() => {
    if (!onLoopback || !localOrigin) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 3000);
    fetch(`${localOrigin}/health`, { credentials: 'omit', signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`the local sandbox answered ${response.status}`);
        setProbed({ key: probeKey, answer: 'answers' });
      })
      .catch(() => setProbed({ key: probeKey, answer: 'silent' }));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [onLoopback, localOrigin, probeKey]);
  const wanted = chosenTarget ?? (probe === 'answers' ? 'local' : 'proxy');
  const target = wanted === 'local' && targets.local && probe === 'answers' ? targets.local : targets.proxy;

  // The token of the chosen target, read from this tab's storage; gone when the reader signs out anywhere.
  const token = useMemo(
    () => (isBrowser && tokenVersion >= 0 ? readSandboxToken(target.id) : null),
    [isBrowser, target.id, tokenVersion],
  );
  useEffect(
    () =>
      onSandboxTokensCleared(() => {
        secrets.clear();
        setTokenVersion((version) => version + 1);
      }),
    [],
  );

  const obtainToken = useCallback(
    async (credentials: { clientId: string; clientSecret: string }): Promise<SandboxToken> => {
      const fresh = await requestToken(target, credentials.clientId, credentials.clientSecret);
      secrets.set(target.id, credentials);
      saveSandboxToken(target.id, fresh);
      setTokenVersion((version) => version + 1);
      return fresh;
    },
    [target],
  );

  // Renewed before it expires, while the secret is known (this page).
  useEffect(() => {
    const credentials = secrets.get(target.id);
    if (!token || !credentials) return undefined;
    const wait = Math.max(0, token.expiresAt - TOKEN.renewBeforeExpirySeconds * 1000 - Date.now());
    const timer = setTimeout(() => {
      obtainToken(credentials).catch((error: Error) => setTokenMessage(error.message));
    }, wait);
    return () => clearTimeout(timer);
  }, [token, target.id, obtainToken]);

  async function getToken(event: React.FormEvent) {
    event.preventDefault();
    if (!clientId.trim() || !clientSecret) {
      setTokenMessage('Enter the client ID and the client secret of your sandbox client.');
      return;
    }
    setTokenMessage('Getting a token…');
    try {
      const fresh = await obtainToken({ clientId: clientId.trim(), clientSecret });
      setClientSecret('');
      setTokenMessage(`Token received from the ${target.label}, for ${fresh.clientId}.`);
    } catch (error) {
      setTokenMessage((error as Error).message);
    }
  }

  function forgetToken() {
    clearSandboxTokens();
    setTokenMessage('Token removed.');
  }

  async function currentToken(): Promise<SandboxToken | null> {
    const stored = readSandboxToken(target.id);
    const credentials = secrets.get(target.id);
    const renewBy = Date.now() + TOKEN.renewBeforeExpirySeconds * 1000;
    if (stored && (stored.expiresAt > renewBy || !credentials)) return stored;
    return credentials ? obtainToken(credentials) : null;
  }

  /** The request of the form, or null after naming its problems (`what`: "sent", "copied"). */
  function checkedRequest(formValues: FormValues, to: Target, what: string): PreparedRequest | null {
    if (!module) return null;
    const prepared = prepareRequest(module, formValues, to);
    setProblems(prepared.ok ? [] : prepared.problems);
    if (prepared.ok) return prepared.request;
    setAnnouncement(`Not ${what}: ${prepared.problems.length} field(s) to fix.`);
    return null;
  }

  async function send(formValues: FormValues, to: Target) {
    const request = checkedRequest(formValues, to, 'sent');
    if (!module || !request) return;
    const accessToken = await currentToken().catch(() => null);
    if (!accessToken) {
      setAnnouncement('Not sent: get a token first, with your sandbox client ID and secret.');
      return;
    }
    setSending(true);
    setAnnouncement(`Sending to the ${to.label}…`);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        credentials: to.id === 'proxy' ? 'same-origin' : 'omit',
        headers: [
          ...request.headers.map(([name, value]): [string, string] => [name, value]),
          ['Authorization', `Bearer ${accessToken.accessToken}`],
        ],
        body: request.body,
      });
      const { text, parsed } = await readBody(response);
      const ms = Math.round(performance.now() - started);
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const contentType = response.headers.get('Content-Type') ?? '';
      const refusal =
        to.id === 'proxy' && parsed && typeof parsed === 'object' && 'message' in parsed && !('error' in parsed)
          ? String((parsed as { message: unknown }).message)
          : undefined;
      const mismatches = refusal
        ? []
        : responseProblems(module, { status: response.status, contentType, body: parsed });
      setResult((previous) => ({
        sequence: (previous?.sequence ?? 0) + 1,
        target: to,
        request,
        status: response.status,
        statusText: response.statusText,
        ms,
        headers,
        body: text,
        problems: mismatches,
        proxyMessage: refusal,
      }));
      setAnnouncement(
        `Response ${response.status} from the ${to.label} in ${ms} ms.` +
          (refusal
            ? ` ${refusal}`
            : mismatches.length > 0
              ? ` ${mismatches.length} mismatch(es) with the description.`
              : ''),
      );
    } catch (error) {
      setResult(null);
      setAnnouncement(`The request did not reach the ${to.label}: ${(error as Error).message}`);
    } finally {
      setSending(false);
    }
    setLastSent({ values: formValues, target: to });
    // The next send is a new request: a new Idempotency-Key (the previous one stays for "send again").
    const key = module.operation.fields.find((field) => field.name === IDEMPOTENCY_KEY);
    if (key) setValues((current) => ({ ...current, fields: { ...current.fields, [fieldKey(key)]: newKey() } }));
  }

  function copyCurl() {
    const request = checkedRequest(values, target, 'copied');
    if (!request) return;
    const command = curlCommand(request);
    setCurl(command);
    navigator.clipboard?.writeText(command).then(
      () => setAnnouncement('The curl command is copied; it reads the token from $ACCESS_TOKEN.'),
      () => setAnnouncement('The curl command is shown below the buttons; copying is not allowed here.'),
    );
  }

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!module) return <p role="status">Loading the request form…</p>;

  const { operation } = module;
  const problemOf = (key: string) => problems.find((problem) => problem.key === key);
  const locations = (['path', 'query', 'header'] as const).filter((where) =>
    operation.fields.some((field) => field.in === where),
  );
  const locationTitle = { path: 'Path', query: 'Query', header: 'Headers' } as const;
  const resendKey = lastSent?.values.fields[`header:${IDEMPOTENCY_KEY}`];
  const localNote =
    probe === 'answers'
      ? `(answers at ${localOrigin ?? ''})`
      : probe === 'checking'
        ? '(checking…)'
        : '(not answering: start it with npm run sandbox)';
  /** One radio of the "Send to" group. */
  const targetChoice = (choice: Target['id'], label: string, note: string, disabled: boolean) => (
    <>
      <input
        type="radio"
        id={`${id}-${choice}`}
        name={`${id}-target`}
        checked={target.id === choice}
        disabled={disabled}
        onChange={() => setChosenTarget(choice)}
      />
      <label htmlFor={`${id}-${choice}`}>
        {label} <span className={styles.note}>{note}</span>
      </label>
    </>
  );

  return (
    <div className={styles.panel}>
      <form onSubmit={(event) => event.preventDefault()} aria-label={`Try ${operation.operationId}`} noValidate>
        <fieldset className={styles.group}>
          <legend>Send to</legend>
          {onLoopback && (
            <div className={styles.choice}>
              {targetChoice('local', 'Local sandbox', localNote, probe !== 'answers')}
              <div className={styles.inline}>
                <label htmlFor={`${id}-local-address`}>Local sandbox address</label>
                <input
                  id={`${id}-local-address`}
                  type="url"
                  value={localAddress}
                  aria-invalid={localOrigin ? undefined : true}
                  onChange={(event) => setLocalAddress(event.target.value)}
                />
                <button
                  type="button"
                  className="button button--sm button--secondary"
                  onClick={() => setProbeAttempt((n) => n + 1)}>
                  Check again
                </button>
              </div>
            </div>
          )}
          <div className={styles.choice}>
            {targetChoice('proxy', 'Sandbox', '(the hosted sandbox, through this site)', false)}
          </div>
        </fieldset>
      </form>

      <form onSubmit={getToken} className={styles.group} aria-label="Sandbox credentials">
        <fieldset className={styles.group}>
          <legend>Credentials for the {target.label}</legend>
          {token ? (
            <p className={styles.token}>
              Access token <KeptCode>{maskedToken(token.accessToken)}</KeptCode> for{' '}
              <KeptCode>{token.clientId}</KeptCode>, valid until {new Date(token.expiresAt).toLocaleTimeString()}.{' '}
              <button type="button" className="button button--sm button--secondary" onClick={forgetToken}>
                Forget token
              </button>
            </p>
          ) : (
            <p className={styles.note}>No token yet. It stays in this tab only, and is removed when you sign out.</p>
          )}
          {target.id === 'local' && (
            <LocalDemoClient
              onUse={(demo) => {
                setClientId(demo.clientId);
                setClientSecret(demo.clientSecret);
              }}
            />
          )}
          <div className={styles.field}>
            <label htmlFor={`${id}-client-id`}>Client ID</label>
            <input
              id={`${id}-client-id`}
              autoComplete="off"
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-client-secret`}>Client secret</label>
            <input
              id={`${id}-client-secret`}
              type="password"
              autoComplete="off"
              value={clientSecret}
              onChange={(event) => setClientSecret(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--sm button--primary">
            {token ? 'Get a new token' : 'Get token'}
          </button>
          <p className={styles.note} role="status">
            {tokenMessage}
          </p>
        </fieldset>
      </form>

      <form
        aria-label="Request"
        onSubmit={(event) => {
          event.preventDefault();
          void send(values, target);
        }}
        noValidate>
        {operation.examples.length > 1 && (
          <div className={styles.field}>
            <label htmlFor={`${id}-example`}>Example</label>
            <select
              id={`${id}-example`}
              value={exampleName ?? defaultExampleName(operation)}
              onChange={(event) => {
                setExampleName(event.target.value);
                const filled = exampleValues(operation, event.target.value);
                setValues((current) => ({
                  ...filled,
                  fields: {
                    ...filled.fields,
                    [`header:${IDEMPOTENCY_KEY}`]: current.fields[`header:${IDEMPOTENCY_KEY}`] ?? '',
                  },
                }));
              }}>
              {operation.examples.map((example) => (
                <option key={example.name} value={example.name}>
                  {example.summary}
                </option>
              ))}
            </select>
          </div>
        )}
        {locations.map((where) => (
          <fieldset key={where} className={styles.group}>
            <legend>{locationTitle[where]}</legend>
            {operation.fields
              .filter((field) => field.in === where)
              .map((field) => {
                const key = fieldKey(field);
                const problem = problemOf(key);
                const inputId = `${id}-${key}`;
                return (
                  <div key={key} className={styles.field}>
                    <label htmlFor={inputId}>
                      <KeptCode>{field.name}</KeptCode>
                      {field.required ? <span className={styles.required}> (required)</span> : null}
                    </label>
                    <div className={styles.inline}>
                      <input
                        id={inputId}
                        value={values.fields[key] ?? ''}
                        aria-required={field.required || undefined}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${inputId}-problem` : undefined}
                        onChange={(event) =>
                          setValues((current) => ({
                            ...current,
                            fields: { ...current.fields, [key]: event.target.value },
                          }))
                        }
                      />
                      {field.name === IDEMPOTENCY_KEY && (
                        <button
                          type="button"
                          className="button button--sm button--secondary"
                          onClick={() =>
                            setValues((current) => ({ ...current, fields: { ...current.fields, [key]: newKey() } }))
                          }>
                          New key
                        </button>
                      )}
                    </div>
                    {problem && (
                      <p id={`${inputId}-problem`} className={styles.problem}>
                        {field.name} {problem.message}
                      </p>
                    )}
                  </div>
                );
              })}
          </fieldset>
        ))}
        {operation.contentType?.includes('json') && (
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>
              Request body{' '}
              <KeepWhole together>
                (<KeptCode>{operation.contentType}</KeptCode>)
              </KeepWhole>
              {operation.bodyRequired ? <span className={styles.required}> (required)</span> : null}
            </label>
            <textarea
              id={`${id}-body`}
              className={styles.body}
              rows={Math.min(16, Math.max(4, values.body.split('\n').length))}
              spellCheck={false}
              value={values.body}
              aria-required={operation.bodyRequired || undefined}
              aria-invalid={problemOf('body') ? true : undefined}
              onChange={(event) => setValues((current) => ({ ...current, body: event.target.value }))}
            />
          </div>
        )}
        {operation.contentType && values.form && (
          <MultipartForm
            idPrefix={id}
            contentType={operation.contentType}
            parts={operation.formParts}
            values={values.form}
            problems={problems}
            onChange={(form) => setValues((current) => ({ ...current, form }))}
          />
        )}
        {problems.length > 0 && (
          <div role="alert" className={styles.problems}>
            <p>Fix these before sending:</p>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.field} ${problem.message}`}>
                  <KeptCode>{problem.field}</KeptCode> {problem.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <SandboxNextStep operationId={operation.operationId} response={result} />
        <div className={styles.actions}>
          <button type="submit" className="button button--sm button--primary" disabled={sending}>
            Send to the {target.label}
          </button>
          {operation.fields.some((field) => field.name === IDEMPOTENCY_KEY) && (
            <button
              type="button"
              className="button button--sm button--secondary"
              disabled={!lastSent || sending}
              onClick={() => lastSent && void send(lastSent.values, lastSent.target)}>
              Send again with the same key
              {resendKey ? <span className={styles.wideOnly}> ({resendKey.slice(0, 8)}…)</span> : null}
            </button>
          )}
          <button type="button" className="button button--sm button--secondary" onClick={copyCurl}>
            Copy as curl
          </button>
        </div>
        {curl && (
          <pre className={styles.output} tabIndex={0} aria-label="curl command">
            {curl}
          </pre>
        )}
      </form>

      <p role="status" className={styles.announcement}>
        {announcement}
      </p>

      {result && (
        <section className={styles.result} aria-label="Response" data-send={result.sequence}>
          <dl className={styles.facts}>
            <dt>Sent to</dt>
            <dd>
              {result.target.label}: <code>{result.request.method}</code> <KeptCode>{result.request.url}</KeptCode>
            </dd>
            <dt>Status</dt>
            <dd>
              <strong>{result.status}</strong> {result.statusText}
            </dd>
            <dt>Time</dt>
            <dd>{result.ms} ms</dd>
          </dl>
          {result.proxyMessage && <p className={styles.problem}>The site’s proxy: {result.proxyMessage}</p>}
          {!result.proxyMessage &&
            (result.problems.length === 0 ? (
              <p>The response matches the description of this operation.</p>
            ) : (
              <div className={styles.problems}>
                <p>The response differs from the description:</p>
                <ul>
                  {result.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            ))}
          <details>
            <summary>Response headers ({result.headers.length})</summary>
            <dl className={styles.headers}>
              {result.headers.map(([name, value]) => (
                <React.Fragment key={name}>
                  <dt>{name}</dt>
                  <dd>
                    <KeptCode>{value}</KeptCode>
                  </dd>
                </React.Fragment>
              ))}
            </dl>
          </details>
          <pre className={styles.output} tabIndex={0} aria-label="Response body">
            {result.body}
          </pre>
        </section>
      )}
    </div>
  );
}
