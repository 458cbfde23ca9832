import './prismGlobal';
import React, { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ApiContentWrap,
  ApiInfo,
  ApiLogo,
  AppStore,
  BackgroundStub,
  OptionsProvider,
  RedocNormalizedOptions,
  RedocWrap,
  SideMenu,
  StickyResponsiveSidebar,
  StoreProvider,
  ThemeProvider,
  type ContentItemModel,
  type RedocRawOptions,
} from 'redoc';
import { useColorMode } from '@docusaurus/theme-common';
import LazyContentItems from './LazyContentItems';
import { redocTheme } from './redocTheme';
import { useAccessibleReference } from './useAccessibleReference';
import { useKeptReferenceWords } from './keptReferenceWords';
import styles from './styles.module.css';

export interface Props {
  readonly description: object;
  /** Shown until the description is parsed (the prerendered operation list). */
  readonly fallback: ReactNode;
}

const measureNavbar = (): number => document.querySelector('nav.navbar')?.getBoundingClientRect().height ?? 0;

/**
 * The sticky navbar's height as last laid out (followed by `useNavbarHeight`). Redoc reads it when its
 * sidebar mounts and on every scroll: measuring there would force a layout of the page while Redoc is
 * still adding its styles and operations (over a second of one task at 4× CPU).
 */
let lastNavbarHeight: number | undefined;

/** The sticky navbar's height: what covers the top of the page once it has scrolled. */
const navbarHeight = (): number => (lastNavbarHeight ??= measureNavbar());

/** Keeps `navbarHeight` up to date while the reference is on the page, from the layouts the browser does anyway. */
function useNavbarHeight(): void {
  useEffect(() => {
    const navbar = document.querySelector('nav.navbar');
    if (!navbar || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      lastNavbarHeight = entry?.borderBoxSize?.[0]?.blockSize ?? measureNavbar();
    });
    observer.observe(navbar);
    return () => {
      observer.disconnect();
      lastNavbarHeight = undefined;
    };
  }, []);
}

/** Redoc's options but for the theme, which follows the colour mode. */
const REDOC_OPTIONS = {
  hideDownloadButton: true,
  // No download links of Redoc's own (the page has the site's, above the reference): without them, Redoc
  // turned the whole description into JSON for a blob URL while it built its store (35 ms at 4× CPU).
  downloadUrls: [],
  // The site has its own search (the navbar); Redoc's would index every operation again in a worker.
  disableSearch: true,
  nativeScrollbars: true,
  // Read when Redoc scrolls (a selector would be measured once, with the announcement bar still above).
  scrollYOffset: navbarHeight,
  expandResponses: '200,201,202',
  jsonSampleExpandLevel: 3,
  requiredPropsFirst: true,
  pathInMiddlePanel: true,
  hideSingleRequestSampleTab: true,
  menuToggle: true,
} satisfies RedocRawOptions;

/**
 * Redoc's store for one description (bundled by the Redocly CLI at build time, so Redoc's own loader is
 * not needed, nor in the bundle): parsed once, not again when the colour mode changes, in the frame
 * after the prerendered operation list has painted. The first render it allows draws only the first
 * operation (see `LazyContentItems`), as a transition: React renders it in slices that yield to the main
 * thread (a plain update rendered menu, introduction and first operation in one task of a second at 4×
 * CPU), and the prerendered list stays on screen until the whole first pass is ready to commit.
 */
function useRedocStore(description: object): { readonly store: AppStore | null; readonly error: Error | null } {
  const [state, setState] = useState<{ store: AppStore | null; error: Error | null }>({ store: null, error: null });
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      try {
        const store = new AppStore(description as ConstructorParameters<typeof AppStore>[0], undefined, REDOC_OPTIONS);
        startTransition(() => setState({ store, error: null }));
      } catch (error) {
        setState({ store: null, error: error instanceof Error ? error : new Error(String(error)) });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [description]);
  return state;
}

/**
 * Brings the operation of a deep link (`#operation/<id>`) into view once it is drawn. Redoc scrolls
 * there itself, but its first render can land before the page has settled and miss.
 */
function scrollToLinkedOperation(): void {
  const target = window.location.hash
    ? document.getElementById(decodeURIComponent(window.location.hash.slice(1)))
    : null;
  if (!target?.closest('.redoc-wrap')) return;
  window.scrollTo({ top: window.scrollY + target.getBoundingClientRect().top - navbarHeight() });
}

/**
 * Redoc's own layout (`Redoc` in redoc 2.x: menu, API info, content), with its content drawn by
 * `LazyContentItems` instead of all at once. The store starts Redoc's scroll spy and history on
 * mount and releases them on unmount, as Redoc's component does.
 */
function ReferenceLayout({ store, options }: { readonly store: AppStore; readonly options: RedocNormalizedOptions }) {
  useEffect(() => {
    store.onDidMount();
    return () => store.dispose();
  }, [store]);
  const { spec, menu } = store;
  return (
    <ThemeProvider theme={options.theme}>
      <StoreProvider value={store}>
        <OptionsProvider value={options}>
          <RedocWrap className="redoc-wrap">
            <StickyResponsiveSidebar menu={menu} className="menu-content">
              <ApiLogo info={spec.info} />
              <SideMenu menu={menu} />
            </StickyResponsiveSidebar>
            <ApiContentWrap className="api-content">
              <ApiInfo store={store} />
              <LazyContentItems
                items={menu.items as ContentItemModel[]}
                onLinkedOperationDrawn={scrollToLinkedOperation}
              />
            </ApiContentWrap>
            <BackgroundStub />
          </RedocWrap>
        </OptionsProvider>
      </StoreProvider>
    </ThemeProvider>
  );
}

export default function RedocView({ description, fallback }: Props): ReactNode {
  const { colorMode } = useColorMode();
  const container = useRef<HTMLDivElement>(null);
  useAccessibleReference(container);
  useKeptReferenceWords(container);
  useNavbarHeight();
  const { store, error } = useRedocStore(description);
  // A new theme re-styles what is drawn; the store (and what it has parsed) stays.
  const options = useMemo(
    () => new RedocNormalizedOptions({ ...REDOC_OPTIONS, theme: redocTheme(colorMode) }),
    [colorMode],
  );
  if (error) {
    return (
      <div className={styles.loadError} role="alert">
        <p>The interactive reference could not be drawn: {error.message}</p>
        {fallback}
      </div>
    );
  }
  return <div ref={container}>{store ? <ReferenceLayout store={store} options={options} /> : fallback}</div>;
}
