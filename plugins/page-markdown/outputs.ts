import { LLMS_FILE_PATTERN, LLMS_FULL_FILE, LLMS_INDEX_FILE } from '../../config/pageMarkdown.mjs';

/**
 * What plugins/page-markdown's pass writes after the build, by name (for the gate's classification): the llms
 * files at the build root and every docs page's `.md`. No other plugin writes Markdown into the build.
 */
export const PAGE_MARKDOWN_OUTPUTS = {
  files: [LLMS_INDEX_FILE, LLMS_FULL_FILE],
  pattern: new RegExp(`${LLMS_FILE_PATTERN.source}|\\.md$`),
} as const;
