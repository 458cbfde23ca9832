import React, { type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import type { BuildTimeSource } from '@site/config/buildInfo';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import styles from './styles.module.css';

/** Where the build time came from (config/buildInfo.ts), in words. */
const BUILD_TIME_SOURCES = {
  SOURCE_DATE_EPOCH: 'SOURCE_DATE_EPOCH',
  commit: "the commit's time",
  clock: 'the clock (no commit)',
} as const satisfies Record<BuildTimeSource, string>;

/** The facts monitors and people need about the running build; `/health.json` holds the same. */
export default function HealthStatus(): ReactNode {
  const { build } = useSiteSettings();
  const healthJsonUrl = useBaseUrl('/health.json');
  const rows = [
    ['Status', 'ok'],
    ['Version', build.version],
    ['Git commit', build.commit],
    ['Built at (UTC)', build.builtAt],
    ['Build time from', BUILD_TIME_SOURCES[build.builtAtFrom]],
  ] as const;
  return (
    <main className="container margin-vert--xl">
      <Heading as="h1">Site health</Heading>
      <p>
        This page answers when the documentation site is being served. Monitors can read the same facts as JSON at{' '}
        <a href={healthJsonUrl}>/health.json</a>.
      </p>
      <dl className={styles.facts} data-testid="health-facts">
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            {/* A long value (the commit, the time) may scroll on a phone: it can take focus to scroll. */}
            <dd tabIndex={value.length > 20 ? 0 : undefined}>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
