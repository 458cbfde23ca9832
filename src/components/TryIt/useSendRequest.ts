import { useState } from 'react';
import type { TryItModule } from '@site/contracts/tryIt/operation';
import type { SandboxToken } from '@site/src/auth/sandboxToken';
import { readBody } from './responseBody';
import {
  curlCommand,
  prepareRequest,
  responseProblems,
  type FormValues,
  type PreparedRequest,
  type Problem,
  type Target,
} from './tryItRequest';

/** A response as the panel shows it. */
export interface Result {
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

export interface SendRequestOptions {
  /** The operation's module; nothing is sent or copied without it. */
  readonly module: TryItModule | null;
  /** The token to send with, or null (then nothing is sent). */
  readonly currentToken: () => Promise<SandboxToken | null>;
  /** Called after each request that went out, answered or not (the form then makes a new `Idempotency-Key`). */
  readonly onSent?: () => void;
  readonly fetch?: typeof globalThis.fetch;
  /** Milliseconds, for the time a response took. */
  readonly now?: () => number;
  /** Copies the curl command; undefined where the page has no clipboard. */
  readonly writeText?: (text: string) => Promise<void> | undefined;
}

export interface SendRequest {
  /** The problems of the form's last check; empty when it passed. */
  readonly problems: readonly Problem[];
  readonly result: Result | null;
  /** What the panel says last, in its status line. */
  readonly announcement: string;
  readonly sending: boolean;
  /** The curl command of the last "Copy as curl". */
  readonly curl: string | null;
  /** The values and target of the last request sent, for "Send again with the same key". */
  readonly lastSent: { readonly values: FormValues; readonly target: Target } | null;
  readonly send: (values: FormValues, to: Target) => Promise<void>;
  readonly copyCurl: (values: FormValues, to: Target) => void;
}

const clipboardWrite = (text: string) => navigator.clipboard?.writeText(text);

/**
 * Sends the form's request (once the operation's checks pass and there is a token), shows the response checked
 * against the description, and writes the request as curl.
 */
export default function useSendRequest({
  module,
  currentToken,
  onSent,
  fetch = globalThis.fetch,
  now = () => performance.now(),
  writeText = clipboardWrite,
}: SendRequestOptions): SendRequest {
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sending, setSending] = useState(false);
  const [curl, setCurl] = useState<string | null>(null);
  const [lastSent, setLastSent] = useState<SendRequest['lastSent']>(null);

  /** The request of the form, or null after naming its problems (`what`: "sent", "copied"). */
  function checkedRequest(values: FormValues, to: Target, what: string): PreparedRequest | null {
    if (!module) return null;
    const prepared = prepareRequest(module, values, to);
    setProblems(prepared.ok ? [] : prepared.problems);
    if (prepared.ok) return prepared.request;
    setAnnouncement(`Not ${what}: ${prepared.problems.length} field(s) to fix.`);
    return null;
  }

  async function send(values: FormValues, to: Target) {
    const request = checkedRequest(values, to, 'sent');
    if (!module || !request) return;
    const accessToken = await currentToken().catch(() => null);
    if (!accessToken) {
      setAnnouncement('Not sent: get a token first, with your sandbox client ID and secret.');
      return;
    }
    setSending(true);
    setAnnouncement(`Sending to the ${to.label}…`);
    const started = now();
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
      const ms = Math.round(now() - started);
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
    setLastSent({ values, target: to });
    // The next send is a new request: a new Idempotency-Key (the previous one stays for "send again").
    onSent?.();
  }

  function copyCurl(values: FormValues, to: Target) {
    const request = checkedRequest(values, to, 'copied');
    if (!request) return;
    const command = curlCommand(request);
    setCurl(command);
    writeText(command)?.then(
      () => setAnnouncement('The curl command is copied; it reads the token from $ACCESS_TOKEN.'),
      () => setAnnouncement('The curl command is shown below the buttons; copying is not allowed here.'),
    );
  }

  return { problems, result, announcement, sending, curl, lastSent, send, copyCurl };
}
