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
import {
  llmsFiles,
  llmsParts,
  llmsSectionId,
  type LlmsCategory,
  type LlmsPage,
  type LlmsSection,
  type LlmsSite,
} from './llmsTxt.mjs';
import { sidebarGroups, type SidebarGroupItem, type SidebarInput } from './sidebarGroups.mjs';

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
        const groups = sidebarGroups(sidebar as readonly SidebarInput[]).flatMap(({ label, docIds, items }) => {
          const title = label ?? (docIds[0] === undefined ? undefined : docOf(docIds[0]).title);
          return title === undefined ? [] : [{ id: llmsSectionId(title), title, docIds, items }];
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
          const site: LlmsSite = { title: context.siteConfig.title, summary: context.siteConfig.tagline, siteUrl };
          const markdownUrls = entries.map(({ doc }) => absolute(markdownPathOf(doc.permalink)));
          const marked = entries.map(({ doc, page }, index) => {
            const markdown = facts[index]?.markdown;
            if (markdown === undefined) throw new Error(`page-markdown: no Markdown came back for ${doc.permalink}.`);
            return { title: page.title, markdownUrl: markdownUrls[index] ?? '', markdown };
          });
          const described = describeSchemasOnce(marked);

          /** The sections with each page's Markdown, its links to whole reference pages leading to these files. */
          const sectionsLinkingTo = (fileOfPage: (markdownUrl: string, sectionId: string) => string) => {
            const linked = entries.map(({ group, page }, index) => ({
              pageUrl: page.pageUrl,
              markdownUrl: markdownUrls[index] ?? '',
              operations: facts[index]?.operations ?? [],
              sectionFileUrl: `${siteUrl}${fileOfPage(markdownUrls[index] ?? '', group.id)}`,
            }));
            const linkTarget = markdownLinkTargets(siteUrl, linked);
            const pages = entries.map(({ doc, page }, index): LlmsPage => ({
              ...page,
              markdownUrl: markdownUrls[index] ?? '',
              article: relinkMarkdown(described[index] ?? '', (url) => linkTarget(url, `the page ${doc.permalink}`)),
            }));
            const pageOf = new Map(entries.map(({ doc }, index) => [doc.id, pages[index]]));
            const llmsItem = (item: SidebarGroupItem): LlmsPage | LlmsCategory => {
              if (item.type === 'category') return { title: item.label, items: item.items.map(llmsItem) };
              const page = pageOf.get(item.id);
              if (!page) throw new Error(`page-markdown: the sidebar names a doc "${item.id}" that does not exist.`);
              return page;
            };
            const sections: LlmsSection[] = groups
              .filter((group) => group.docIds.length > 0)
              .map(({ id, title, items }) => ({ id, title, items: items.map(llmsItem) }));
            return { sections, pages };
          };
          /** Which file holds each page, by its Markdown's URL, once the sections are split as their size asks. */
          const filesOfPages = (sections: readonly LlmsSection[]) =>
            new Map(
              llmsParts(site, sections).flatMap(({ parts }) =>
                parts.flatMap((part) =>
                  part.pages.map((page) => [page.markdownUrl, llmsSectionFile(part.id)] as const),
                ),
              ),
            );
          // A link to a whole reference page leads to the file holding most of its operations, which is known once
          // the sections are split; the links barely change the files' sizes, so a second split agrees with the first.
          const provisional = sectionsLinkingTo((_, sectionId) => llmsSectionFile(sectionId));
          const fileOf = filesOfPages(provisional.sections);
          const final = sectionsLinkingTo((markdownUrl) => fileOf.get(markdownUrl) ?? '');
          const finalFileOf = filesOfPages(final.sections);
          const moved = [...finalFileOf].filter(([markdownUrl, file]) => fileOf.get(markdownUrl) !== file);
          if (moved.length > 0) {
            throw new Error(
              `page-markdown: the llms files' split changed when their links were set: ${moved.map(([url]) => url).join(', ')}.`,
            );
          }

          for (const [index, { doc }] of entries.entries()) {
            const page = final.pages[index];
            if (!page) throw new Error(`page-markdown: no Markdown for ${doc.permalink}.`);
            await write(markdownPathOf(doc.permalink), markdownFile(page, page.article));
          }
          for (const [name, text] of llmsFiles(site, final.sections)) await write(`${baseUrl}${name}`, text);
          const pageCount = final.pages.length;
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
