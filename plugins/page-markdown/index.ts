import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { DocMetadata, LoadedContent } from '@docusaurus/plugin-content-docs';
import { llmsSectionFile, markdownPathOf } from '../../config/pageMarkdown.mjs';
import { isProtectedPath } from '../../config/protectedPaths.mjs';
import type { BuiltPagesWork, PluginWithBuiltPagesPass, PostBuildProps } from '../lib/builtPages';
import { markdownFile } from './markdownFile.mjs';
import { markdownLinkTargets, relinkMarkdown } from './markdownLinks.mjs';
import { describeSchemasOnce } from './sharedSchemas.mjs';
import { llmsFiles, llmsSectionId, type LlmsPage, type LlmsSection } from './llmsTxt.mjs';

export interface PageMarkdownOptions {
  /** The site's origin, e.g. `https://docs.example.com`. */
  readonly siteUrl: string;
  /** The gate's protected prefixes: every file written must lie under one (checked at build time). */
  readonly protectedPaths: readonly string[];
  /** The sidebar whose order `llms-full.txt` and the sections follow. */
  readonly sidebarId: string;
}

/** The plugin's name, and its pass's in the build's passes over the built pages (plugins/build-passes). */
export const PAGE_MARKDOWN_PASS = 'page-markdown';
const NAME = PAGE_MARKDOWN_PASS;

type SidebarItem = LoadedContent['loadedVersions'][number]['sidebars'][string][number];

/**
 * The docs in sidebar order, grouped by the sidebar's top-level items (a top-level doc is its own group). `label` is
 * the item's label in the sidebar: a category's, or a top-level doc's when it has one (a category holding only its
 * own page becomes such a doc, under the category's label).
 */
function sidebarGroups(items: readonly SidebarItem[]): { label: string | undefined; docIds: string[] }[] {
  const docIds = (item: SidebarItem): string[] => {
    if (item.type === 'doc' || item.type === 'ref') return [item.id];
    if (item.type !== 'category') return [];
    const own = item.link?.type === 'doc' ? [item.link.id] : [];
    return [...own, ...item.items.flatMap(docIds)];
  };
  return items.map((item) => ({
    label: item.type === 'category' || item.type === 'doc' || item.type === 'ref' ? item.label : undefined,
    docIds: docIds(item),
  }));
}

/** The built HTML file of a page's permalink. */
function htmlFileOf(outDir: string, baseUrl: string, permalink: string): string {
  const relative = permalink.slice(baseUrl.length);
  return path.join(
    outDir,
    relative === '' || relative.endsWith('/') ? `${relative}index.html` : `${relative}/index.html`,
  );
}

/**
 * Every docs page as Markdown beside its HTML (`<page>.md`, plugins/page-markdown/htmlToMarkdown.mjs),
 * and the llms files at the build root (`llms.txt`, `llms-full.txt`, `llms-<section>.txt`). Written
 * from the built pages, so that the Markdown says what the reader sees, generated parts included.
 */
export default function pageMarkdownPlugin(options: PageMarkdownOptions) {
  return function pageMarkdown(context: LoadContext): PluginWithBuiltPagesPass {
    let docs: LoadedContent | undefined;
    const { baseUrl } = context.siteConfig;
    const siteUrl = `${options.siteUrl.replace(/\/+$/, '')}${baseUrl}`;
    const absolute = (urlPath: string) => `${siteUrl}${urlPath.slice(baseUrl.length)}`;
    /** The pass over the built pages: the docs pages it reads, and the files it writes from their Markdown. */
    const plan = ({ outDir }: PostBuildProps): BuiltPagesWork => {
      const written: string[] = [];
      const write = async (urlPath: string, text: string) => {
        if (!isProtectedPath(urlPath, baseUrl, options.protectedPaths)) {
          throw new Error(`page-markdown: ${urlPath} would be public; it holds protected documentation.`);
        }
        const file = path.join(outDir, urlPath.slice(baseUrl.length));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
        written.push(urlPath);
      };

      /** The docs pages in the sidebar's order, in its groups. */
      const readingOrder = () => {
        const version = docs?.loadedVersions[0];
        const sidebar = version?.sidebars[options.sidebarId];
        if (!version || !sidebar) {
          throw new Error(`page-markdown: no docs sidebar "${options.sidebarId}" to take the pages' order from.`);
        }
        const byId = new Map<string, DocMetadata>(version.docs.map((doc) => [doc.id, doc]));
        const docOf = (id: string): DocMetadata => {
          const doc = byId.get(id);
          if (!doc) throw new Error(`page-markdown: the sidebar names a doc "${id}" that does not exist.`);
          return doc;
        };
        // One section per top-level sidebar item, named after its label (a top-level doc without one: its title).
        const groups = sidebarGroups(sidebar).flatMap(({ label, docIds }) => {
          const title = label ?? (docIds[0] === undefined ? undefined : docOf(docIds[0]).title);
          return title === undefined ? [] : [{ id: llmsSectionId(title), title, docIds, pages: [] as LlmsPage[] }];
        });
        const entries = groups.flatMap((group) =>
          group.docIds.map(docOf).map((doc) => ({
            group,
            doc,
            file: htmlFileOf(outDir, baseUrl, doc.permalink),
            page: { pageUrl: absolute(doc.permalink), title: doc.title, description: doc.description || undefined },
          })),
        );
        return { groups, entries };
      };
      const { groups, entries } = readingOrder();
      return {
        pages: entries.map(({ file, page }) => ({ file, markdown: { pageUrl: page.pageUrl } })),
        async write(facts) {
          const linked = entries.map(({ group, page, doc }, index) => ({
            pageUrl: page.pageUrl,
            markdownUrl: absolute(markdownPathOf(doc.permalink)),
            operations: facts[index]?.operations ?? [],
            sectionFileUrl: `${siteUrl}${llmsSectionFile(group.id)}`,
          }));
          const linkTarget = markdownLinkTargets(siteUrl, linked);
          const marked = entries.map(({ doc, page }, index) => {
            const markdown = facts[index]?.markdown;
            if (markdown === undefined) throw new Error(`page-markdown: no Markdown came back for ${doc.permalink}.`);
            return { title: page.title, markdownUrl: linked[index]?.markdownUrl ?? '', markdown };
          });
          const described = describeSchemasOnce(marked);
          for (const [index, { group, doc, page }] of entries.entries()) {
            const article = relinkMarkdown(described[index] ?? '', (url) =>
              linkTarget(url, `the page ${doc.permalink}`),
            );
            const markdownPath = markdownPathOf(doc.permalink);
            await write(markdownPath, markdownFile(page, article));
            group.pages.push({ ...page, article, markdownUrl: absolute(markdownPath) });
          }

          const sections: LlmsSection[] = groups.filter((group) => group.pages.length > 0);
          const site = { title: context.siteConfig.title, summary: context.siteConfig.tagline, siteUrl };
          for (const [name, text] of llmsFiles(site, sections)) await write(`${baseUrl}${name}`, text);
          const pageCount = sections.reduce((sum, section) => sum + section.pages.length, 0);
          console.info(`[page-markdown] ${pageCount} pages as Markdown and ${written.length - pageCount} llms files.`);
        },
      };
    };
    return {
      name: NAME,
      allContentLoaded({ allContent }) {
        docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      },
      builtPagesPass: { name: NAME, plan },
    };
  };
}
