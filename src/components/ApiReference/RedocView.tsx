import './prismGlobal';
import React, { useRef, type ReactNode } from 'react';
import { RedocStandalone } from 'redoc';
import { useColorMode } from '@docusaurus/theme-common';
import { redocTheme } from './redocTheme';
import { useFocusableSamples } from './useFocusableSamples';

export interface Props {
  readonly description: object;
}

/**
 * Brings the operation of a deep link (`#operation/<id>`) into view once Redoc has rendered. Redoc
 * scrolls there itself, but its first render can land before the page has settled and miss.
 */
function scrollToLinkedOperation(): void {
  const target = window.location.hash
    ? document.getElementById(decodeURIComponent(window.location.hash.slice(1)))
    : null;
  if (!target?.closest('.redoc-wrap')) return;
  const navbarHeight = document.querySelector('nav.navbar')?.getBoundingClientRect().height ?? 0;
  window.scrollTo({ top: window.scrollY + target.getBoundingClientRect().top - navbarHeight });
}

export default function RedocView({ description }: Props): ReactNode {
  const { colorMode } = useColorMode();
  const container = useRef<HTMLDivElement>(null);
  useFocusableSamples(container);
  return (
    <div ref={container}>
      <RedocStandalone
        spec={description}
        onLoaded={() => requestAnimationFrame(scrollToLinkedOperation)}
        options={{
          theme: redocTheme(colorMode),
          hideDownloadButton: true,
          nativeScrollbars: true,
          scrollYOffset: 'nav.navbar',
          expandResponses: '200,201,202',
          jsonSampleExpandLevel: 3,
          requiredPropsFirst: true,
          pathInMiddlePanel: true,
          hideSingleRequestSampleTab: true,
          menuToggle: true,
        }}
      />
    </div>
  );
}
