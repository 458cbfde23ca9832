import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { DocMetadata, LoadedContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import { DOCS_VERSIONS, type DocsVersion } from '../../config/docsVersions';
import { llmsFileNames, markdownPathOf } from '../../config/pageMarkdown.mjs';
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
  type LlmsVersion,
} from './llmsTxt.mjs';
import { sidebarGroups, type SidebarGroupItem, type SidebarInput } from './sidebarGroups.mjs';

export interface PageMarkdownOptions {
  /** The site's origin, e.g. `https://docs.example.com`. */
  readonly siteUrl: string;
  /** The gate's protected prefixes: every file written must lie under one (checked at build time). */
  readonly protectedPaths: readonly string[];
  /** The sidebar whose order `llms-full.txt` and the sections follow, in each docs version's own sidebars. */
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
 * Every docs page of every docs version as Markdown beside its HTML (`<page>.md`,
 * plugins/page-markdown/htmlToMarkdown.mjs), and each version's llms files at the build root (v1's `llms.txt`,
 * `llms-full.txt`, `llms-<section>.txt`, which name the other versions' sets too; v2's `llms-v2.txt`, …). Written
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
        if (written.includes(urlPath)) {
          throw new Error(
            `page-markdown: ${urlPath} would be written twice (two docs versions' llms files share a name?).`,
          );
        }
        const file = path.join(outDir, urlPath.slice(baseUrl.length));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
        written.push(urlPath);
      };

      /** A version's docs pages in its own sidebar's order, in its groups. */
      const readingOrder = (version: LoadedVersion) => {
        const sidebar = version.sidebars[options.sidebarId];
        if (!sidebar) {
          throw new Error(
            `page-markdown: no docs sidebar "${options.sidebarId}" in docs version ${version.versionName} to take the pages' order from.`,
          );
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
      // Each docs version has its own pages' Markdown and its own llms files (config/pageMarkdown.mjs names them).
      const loaded = docs?.loadedVersions ?? [];
      const versionOf = (name: string): DocsVersion => {
        const version = DOCS_VERSIONS.find((candidate) => candidate.name === name);
        if (!version) throw new Error(`page-markdown: docs version ${name} is not in config/docsVersions.ts.`);
        return version;
      };
      const included: DocsVersion[] = DOCS_VERSIONS.filter((version) =>
        loaded.some((candidate) => candidate.versionName === version.name),
      );
      if (included.length === 0) throw new Error('page-markdown: the docs plugin loaded no docs version.');
      const sets = loaded
        .map((version) => ({ version: versionOf(version.versionName), ...readingOrder(version) }))
        .sort((a, b) => included.indexOf(a.version) - included.indexOf(b.version))
        .map((set) => {
          const llmsVersion: LlmsVersion = {
            path: set.version.path,
            label: set.version.label,
            others: included
              .filter((other) => other !== set.version)
              .map((other) => ({ label: other.label, indexUrl: `${siteUrl}${llmsFileNames(other.path).index}` })),
          };
          return { ...set, llmsVersion, names: llmsFileNames(set.version.path) };
        });
      const allEntries = sets.flatMap((set) => set.entries);
      return {
        pages: allEntries.map(({ file, page }) => ({ file, markdown: { pageUrl: page.pageUrl } })),
        async write(allFacts) {
          const site: LlmsSite = { title: context.siteConfig.title, summary: context.siteConfig.tagline, siteUrl };
          // Each version's pages with what the pass found in them, and their Markdown with each shared schema
          // described once in the version.
          let offset = 0;
          const versions = sets.map((set) => {
            const facts = set.entries.map((_, index) => allFacts[offset + index]);
            offset += set.entries.length;
            const markdownUrls = set.entries.map(({ doc }) => absolute(markdownPathOf(doc.permalink)));
            const marked = set.entries.map(({ doc, page }, index) => {
              const markdown = facts[index]?.markdown;
              if (markdown === undefined) throw new Error(`page-markdown: no Markdown came back for ${doc.permalink}.`);
              return { title: page.title, markdownUrl: markdownUrls[index] ?? '', markdown };
            });
            /** The version's pages as links see them, each in the file `fileOfPage` says. */
            const linkedPages = (fileOfPage: (markdownUrl: string, sectionId: string) => string) =>
              set.entries.map(({ group, page }, index) => ({
                pageUrl: page.pageUrl,
                markdownUrl: markdownUrls[index] ?? '',
                operations: facts[index]?.operations ?? [],
                sectionFileUrl: `${siteUrl}${fileOfPage(markdownUrls[index] ?? '', group.id)}`,
              }));
            return { ...set, markdownUrls, described: describeSchemasOnce(marked), linkedPages };
          });
          type Version = (typeof versions)[number];

          /**
           * A version's sections with each page's Markdown, its links leading to Markdown: to a page's, or for a
           * whole reference page to the file holding most of its operations; a link into another version (a page
           * of it, or an API reference address only it documents) to that version's.
           */
          const sectionsLinkingTo = (
            version: Version,
            linked: ReadonlyMap<Version, ReturnType<Version['linkedPages']>>,
          ) => {
            const others = versions.filter((other) => other !== version).map((other) => linked.get(other) ?? []);
            const linkTarget = markdownLinkTargets(siteUrl, linked.get(version) ?? [], others);
            const pages = version.entries.map(({ doc, page }, index): LlmsPage => ({
              ...page,
              markdownUrl: version.markdownUrls[index] ?? '',
              article: relinkMarkdown(version.described[index] ?? '', (url) =>
                linkTarget(url, `the page ${doc.permalink}`),
              ),
            }));
            const pageOf = new Map(version.entries.map(({ doc }, index) => [doc.id, pages[index]]));
            const llmsItem = (item: SidebarGroupItem): LlmsPage | LlmsCategory => {
              if (item.type === 'category') return { title: item.label, items: item.items.map(llmsItem) };
              const page = pageOf.get(item.id);
              if (!page) throw new Error(`page-markdown: the sidebar names a doc "${item.id}" that does not exist.`);
              return page;
            };
            const sections: LlmsSection[] = version.groups
              .filter((group) => group.docIds.length > 0)
              .map(({ id, title, items }) => ({ id, title, items: items.map(llmsItem) }));
            return { sections, pages };
          };
          /** Which file holds each page, by its Markdown's URL, once the sections are split as their size asks. */
          const filesOfPages = (version: Version, sections: readonly LlmsSection[]) =>
            new Map(
              llmsParts(site, sections, undefined, version.llmsVersion).flatMap(({ parts }) =>
                parts.flatMap((part) =>
                  part.pages.map((page) => [page.markdownUrl, version.names.section(part.id)] as const),
                ),
              ),
            );
          // A link to a whole reference page leads to the file holding most of its operations, which is known once
          // the sections are split; the links barely change the files' sizes, so a second split agrees with the first.
          const provisionalLinks = new Map(
            versions.map((version) => [
              version,
              version.linkedPages((_, sectionId) => version.names.section(sectionId)),
            ]),
          );
          const fileOf = new Map(
            versions.map((version) => [
              version,
              filesOfPages(version, sectionsLinkingTo(version, provisionalLinks).sections),
            ]),
          );
          const finalLinks = new Map(
            versions.map((version) => [
              version,
              version.linkedPages((markdownUrl) => fileOf.get(version)?.get(markdownUrl) ?? ''),
            ]),
          );
          const counts: string[] = [];
          for (const version of versions) {
            const final = sectionsLinkingTo(version, finalLinks);
            const finalFileOf = filesOfPages(version, final.sections);
            const moved = [...finalFileOf].filter(
              ([markdownUrl, file]) => fileOf.get(version)?.get(markdownUrl) !== file,
            );
            if (moved.length > 0) {
              throw new Error(
                `page-markdown: the llms files' split changed when their links were set: ${moved.map(([url]) => url).join(', ')}.`,
              );
            }
            const filesBefore = written.length;
            for (const [index, { doc }] of version.entries.entries()) {
              const page = final.pages[index];
              if (!page) throw new Error(`page-markdown: no Markdown for ${doc.permalink}.`);
              await write(markdownPathOf(doc.permalink), markdownFile(page, page.article));
            }
            const llms = llmsFiles(site, final.sections, { version: version.llmsVersion });
            for (const [name, text] of llms) await write(`${baseUrl}${name}`, text);
            counts.push(`${version.version.label}: ${written.length - filesBefore - llms.size} and ${llms.size}`);
          }
          const pageCount = allEntries.length;
          console.info(
            `[page-markdown] ${pageCount} pages as Markdown and ${written.length - pageCount} llms files (${counts.join('; ')}).`,
          );
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
