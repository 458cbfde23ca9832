import { useEffect, useMemo, useState } from 'react';
import { localSandboxOrigin } from '@site/contracts/net/loopback';
import { LOCAL_SANDBOX } from '@site/contracts/facts';
import type { Target } from './tryItRequest';

/** Whether the local sandbox answers at the address shown: asked once per address and per "Check again". */
export type Probe = 'checking' | 'answers' | 'silent';

/** How long the local sandbox has to answer `GET /health`. */
export const PROBE_TIMEOUT_MS = 3000;

export interface SandboxTargetOptions {
  /** The site's proxy to the hosted sandbox's API (`<base URL>api-proxy/v1`, `…/v2`) and its token endpoint. */
  readonly proxyApi: string;
  readonly proxyToken: string;
  /** The operation's base path on the sandbox (`/v1`, `/v2`: its description's sandbox server's path). */
  readonly basePath: string;
  /** Whether this page is served from this machine: only then is the local sandbox offered (the CSP allows no other). */
  readonly onLoopback: boolean;
  readonly fetch?: typeof globalThis.fetch;
}

export interface SandboxTarget {
  /** Where a request goes now: the target the reader picked, else the local sandbox when it answers, else the Sandbox. */
  readonly target: Target;
  readonly proxy: Target;
  /** The local sandbox at the address typed, or null when that address is not one it may be at. */
  readonly local: Target | null;
  readonly probe: Probe;
  /** The local sandbox's address as typed, and its origin when it is one the panel accepts. */
  readonly localAddress: string;
  readonly localOrigin: string | null;
  readonly setLocalAddress: (address: string) => void;
  /** Asks the local sandbox again. */
  readonly checkAgain: () => void;
  readonly choose: (id: Target['id']) => void;
}

/**
 * The targets of the panel, and which one a request goes to: the local sandbox (`npm run sandbox`) while its
 * `GET /health` answers, at the address the reader may change, or the hosted sandbox through the site's proxy.
 */
export default function useSandboxTarget({
  proxyApi,
  proxyToken,
  basePath,
  onLoopback,
  fetch = globalThis.fetch,
}: SandboxTargetOptions): SandboxTarget {
  const [localAddress, setLocalAddress] = useState<string>(LOCAL_SANDBOX.origin);
  const [probed, setProbed] = useState<{ key: string; answer: Probe } | null>(null);
  const [probeAttempt, setProbeAttempt] = useState(0);
  /** The target the reader picked; until then, the local sandbox when it answers, else the Sandbox. */
  const [chosen, setChosen] = useState<Target['id'] | null>(null);

  const localOrigin = localSandboxOrigin(localAddress);
  const { proxy, local } = useMemo(() => {
    const proxy: Target = {
      id: 'proxy',
      label: 'Sandbox',
      apiUrl: typeof window === 'undefined' ? proxyApi : new URL(proxyApi, window.location.origin).href,
      tokenUrl: proxyToken,
    };
    const local: Target | null = localOrigin
      ? {
          id: 'local',
          label: 'Local sandbox',
          apiUrl: `${localOrigin}${basePath}`,
          tokenUrl: `${localOrigin}/connect/token`,
        }
      : null;
    return { proxy, local };
  }, [proxyApi, proxyToken, basePath, localOrigin]);

  const probeKey = `${localOrigin ?? ''} ${probeAttempt}`;
  const probe: Probe = !onLoopback || !localOrigin ? 'silent' : probed?.key === probeKey ? probed.answer : 'checking';
  useEffect(() => {
    if (!onLoopback || !localOrigin) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
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
  }, [onLoopback, localOrigin, probeKey, fetch]);

  const wanted = chosen ?? (probe === 'answers' ? 'local' : 'proxy');
  const target = wanted === 'local' && local && probe === 'answers' ? local : proxy;
  return {
    target,
    proxy,
    local,
    probe,
    localAddress,
    localOrigin,
    setLocalAddress,
    checkAgain: () => setProbeAttempt((attempt) => attempt + 1),
    choose: setChosen,
  };
}
