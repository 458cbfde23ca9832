import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import {
  MIGRATION_GUIDES,
  REFERENCE_PAGES,
  type ApiReferencePage,
  type VersionedReferencePage,
} from '../../config/apiReference';
import { descriptionFiles, loadBundled, type ApiVersion } from '../../openapi/descriptions';
import type { JsonObject } from '../../openapi/document';
import { replaceDependency } from '../lib/replaceDependency';
import { docsRootOf, withDocsLinksUnder } from './docsLinks';
import { bundledInDescriptionWorker, inDescriptionWorker } from '../lib/descriptionWorker';
import { descriptionDownloads, writeDownloadFiles, type DownloadFormat } from './downloads';
import { introductionOf } from './introduction';
import { assertHighlightableWithPrismCore, PRISM_LANGUAGE_COMPONENT_REQUEST } from './redocPrism';
import { withTryItLinks } from './tryItLinks';
import { withKeptWords } from './keptWords';
import { withBehaviourShown } from './behaviourShown';

/** The plugin's name for one description (and API version): also the folder of its route data under `.docusaurus/`. */
export function apiReferencePluginName(api: ApiReferencePage['api'], apiVersion: ApiVersion = 'v1'): string {
  return apiVersion === 'v1' ? `api-reference-${api}` : `api-reference-${api}-${apiVersion}`;
}

/** A reference page's note near its title on the versions of its API: text, then links. */
interface VersionNote {
  readonly text: string;
  readonly links: readonly { readonly label: string; readonly href: string }[];
}

/**
 * The note of a page whose API has other versions among `pages` (the pages the build makes): a later version's page
 * is a preview, linking to the migration guide and to v1's page; v1's page links to the later versions' previews.
 */
export function versionNoteOf(
  page: VersionedReferencePage,
  pages: readonly VersionedReferencePage[],
  baseUrl: string,
): VersionNote | undefined {
  const href = (route: string) => `${baseUrl}${route.replace(/^\//, '')}`;
  if (page.apiVersion !== 'v1') {
    const v1 = pages.find((other) => other.api === page.api && other.apiVersion === 'v1');
    const guide = MIGRATION_GUIDES[page.api];
    return {
      text: `This is the ${page.apiVersion} preview of the ${page.label.replace(/ v\d+ \(preview\)$/, '')}: it may change before its release.`,
      links: [
        ...(guide ? [{ label: `Migrating to ${page.apiVersion}`, href: href(guide) }] : []),
        ...(v1 ? [{ label: `${v1.label} v1 reference`, href: href(v1.route) }] : []),
      ],
    };
  }
  const later = pages.filter((other) => other.api === page.api && other.apiVersion !== 'v1');
  if (later.length === 0) return undefined;
  return {
    text: `This is the ${page.label} v1, the version in production.`,
    links: later.map((other) => ({ label: `${other.label} reference`, href: href(other.route) })),
  };
}

/** The site's whole URL with its base URL, ending in `/`: where the downloads' links to the docs point. */
const siteUrlOf = (context: LoadContext) => `${context.siteConfig.url.replace(/\/$/, '')}${context.baseUrl}`;

/**
 * Renders an API description at its route with the `ApiReference` component. The bundled description
 * (every file merged by `@redocly/openapi-core`) travels as that route's data only, so no other page
 * downloads it. After the build, the description as YAML and JSON and a Postman collection are
 * written beside the page (`downloads.ts`), and the page links to them; a production build makes them in the
 * description worker (plugins/lib/descriptionJobs.ts) from the start, beside the main thread, which the conversion
 * to Postman held for 0.7 s of its postBuild. The descriptions' links to the
 * docs pages are root-relative (`/docs/…`): the route data gets them under the site's base URL, and the
 * downloads under the site's whole URL (`docsLinks.ts`). The first paragraph of the description's introduction
 * is a prop too (`introduction.ts`), for the page's prerendered HTML.
 */
export default function apiReferencePlugin(
  page: ApiReferencePage & { readonly apiVersion?: ApiVersion },
  pages: readonly VersionedReferencePage[] = REFERENCE_PAGES,
) {
  const { api, route, label, apiVersion = 'v1' } = page;
  const dataName = apiVersion === 'v1' ? `${api}.json` : `${api}-${apiVersion}.json`;
  return function apiReference(context: LoadContext): Plugin<unknown> {
    /** The downloads' contents, made in the description worker while the site is built (production builds only). */
    let downloads: Promise<Record<DownloadFormat, string>> | undefined;
    return {
      name: apiReferencePluginName(api, apiVersion),
      async loadContent() {
        await bundledInDescriptionWorker();
        const description = loadBundled(api, { dereferenced: false, version: apiVersion });
        assertHighlightableWithPrismCore(api, description);
        if (process.env.NODE_ENV === 'production') {
          downloads = inDescriptionWorker('downloads', { api, version: apiVersion, siteUrl: siteUrlOf(context) });
        }
        return description;
      },
      async contentLoaded({ content, actions }) {
        const description = await actions.createData(
          dataName,
          JSON.stringify(
            withDocsLinksUnder(
              withKeptWords(withTryItLinks(withBehaviourShown(content as JsonObject))),
              context.baseUrl,
              docsRootOf(apiVersion),
            ),
          ),
        );
        actions.addRoute({
          path: `${context.baseUrl}${route.replace(/^\//, '')}`,
          exact: true,
          component: '@site/src/components/ApiReference',
          modules: { description },
          props: {
            introduction: introductionOf(content as JsonObject),
            title: label,
            versionNote: versionNoteOf({ api, route, label, apiVersion }, pages, context.baseUrl),
            downloads: descriptionDownloads({ route, label, apiVersion }).map(({ format, file, label: name }) => ({
              format,
              label: name,
              href: `${context.baseUrl}${file}`,
            })),
          },
        });
      },
      async postBuild({ outDir }) {
        downloads ??= inDescriptionWorker('downloads', { api, version: apiVersion, siteUrl: siteUrlOf(context) });
        await writeDownloadFiles(outDir, { route, label, apiVersion }, await downloads);
      },
      getPathsToWatch() {
        // The files its description is bundled from (known once loaded), and any new shared file: `npm start` reloads
        // this plugin for an edit of its own description only, not for each of the others.
        return [...descriptionFiles(api, apiVersion), path.join(context.siteDir, 'openapi/shared/**/*.yaml')];
      },
    };
  };
}

/** What Redoc's bundle asks for only to load or convert a description (see `redocSpecLoaderStub.js`). */
const REDOC_SPEC_LOADER_REQUEST = /^(@redocly\/openapi-core\/lib\/(bundle|config\/config)|yaml)$/;
const REDOC_BUNDLE_CONTEXT = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;
const API_REFERENCE_COMPONENT_FOLDER = /[\\/]src[\\/]components[\\/]ApiReference$/;

/**
 * Keeps Redoc from fetching its menu logo from a CDN (see `redocOfflineLoader.js`), and leaves out of the
 * browser bundle what Redoc would load but the site never runs: its description loader
 * (`redocSpecLoaderStub.js`), Prism's language components (`redocPrismLanguageStub.js`, checked by
 * `redocPrism.ts`) and its search's index builder (`redocSearchStub.js`). The server bundle, which never renders
 * Redoc, leaves it out whole (`redocViewServerStub.js`). Register once.
 */
export function redocOfflinePlugin(): Plugin<unknown> {
  return {
    name: 'redoc-offline',
    configureWebpack(_config, isServer, utils) {
      if (isServer) {
        // The reference renders Redoc only in the browser: the server bundle leaves it out (`redocViewServerStub.js`).
        return {
          plugins: [
            replaceDependency(utils, {
              request: /^\.\/RedocView$/,
              importedFrom: API_REFERENCE_COMPONENT_FOLDER,
              replacement: require.resolve('./redocViewServerStub.js'),
            }),
          ],
        };
      }
      return {
        plugins: [
          replaceDependency(utils, {
            request: REDOC_SPEC_LOADER_REQUEST,
            importedFrom: REDOC_BUNDLE_CONTEXT,
            replacement: require.resolve('./redocSpecLoaderStub.js'),
          }),
          replaceDependency(utils, {
            request: PRISM_LANGUAGE_COMPONENT_REQUEST,
            importedFrom: REDOC_BUNDLE_CONTEXT,
            replacement: require.resolve('./redocPrismLanguageStub.js'),
          }),
          replaceDependency(utils, {
            request: /^lunr$/,
            importedFrom: REDOC_BUNDLE_CONTEXT,
            replacement: require.resolve('./redocSearchStub.js'),
          }),
        ],
        module: {
          rules: [
            {
              test: /redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
              use: [require.resolve('./redocOfflineLoader.js')],
            },
          ],
        },
      };
    },
  };
}
