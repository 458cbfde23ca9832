// @ts-check
/**
 * Bounded answers: a tool's text is cut into parts of at most `PART_CHARS` characters, at line ends where it can,
 * and each part but the last says how to ask for the next one.
 */

/** About 5,000 tokens: a part fits beside the rest of an assistant's context. */
export const PART_CHARS = 20_000;

/**
 * The parts of `text`, each at most `size` characters, cut after a line where one ends in the second half of a part.
 * @param {string} text
 * @param {number} [size]
 */
function splitIntoParts(text, size = PART_CHARS) {
  /** @type {string[]} */
  const parts = [];
  let rest = text;
  while (rest.length > size) {
    const lineEnd = rest.lastIndexOf('\n', size - 1);
    const cut = lineEnd >= size / 2 ? lineEnd + 1 : size;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

/**
 * One part of a tool's text, as a tool result: the part asked for (1 the first) with where it stands, and how to get
 * the next one; a part past the end is a tool error that says how many there are.
 * @param {string} text
 * @param {{ part?: number, tool: string, size?: number }} options
 * @returns {{ content: { type: 'text', text: string }[], isError?: boolean }}
 */
export function answerPart(text, { part = 1, tool, size = PART_CHARS }) {
  const parts = splitIntoParts(text, size);
  if (part > parts.length) {
    return {
      content: [
        {
          type: 'text',
          text: `This answer has ${parts.length} part${parts.length === 1 ? '' : 's'}: call ${tool} again with part 1 to ${parts.length}.`,
        },
      ],
      isError: true,
    };
  }
  const body = parts[part - 1];
  if (parts.length === 1) return { content: [{ type: 'text', text: body }] };
  const footer =
    part < parts.length
      ? `[Part ${part} of ${parts.length}. Call ${tool} again with the same arguments and part: ${part + 1} for the next part.]`
      : `[Part ${part} of ${parts.length}, the last.]`;
  // The part's own last line end is left to the footer's blank line: parts joined with `\n` give the text again.
  return { content: [{ type: 'text', text: `${body.replace(/\n$/, '')}\n\n${footer}` }] };
}
