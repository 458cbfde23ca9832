import './prismGlobal';
import React, { useRef, type ReactNode } from 'react';
import { RedocStandalone } from 'redoc';
import { useColorMode } from '@docusaurus/theme-common';
import { redocTheme } from './redocTheme';
import { useFocusableSamples } from './useFocusableSamples';

export interface Props {
  readonly description: object;
}

export default function RedocView({ description }: Props): ReactNode {
  const { colorMode } = useColorMode();
  const container = useRef<HTMLDivElement>(null);
  useFocusableSamples(container);
  return (
    <div ref={container}>
      <RedocStandalone
        spec={description}
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
