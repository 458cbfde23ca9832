/**
 * The notice an endpoint page opens with when its operation is deprecated: since when, the sunset and what it does
 * then, what replaces it, and the headers every response carries. All of it from the operation's `deprecated` and
 * `x-deprecation` (`since`, `sunset`, `replacement`, `link`), the same values the sandbox sends as headers.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import { isObject, type JsonObject } from '../../openapi/document';

const day = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const sitePath = (url: string) => {
  const { pathname, hash } = new URL(url);
  return `${pathname}${hash}`;
};

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/** A `:::caution` admonition for a deprecated operation; none for one that is not. */
export function deprecationNotice(definition: JsonObject): RootContent[] {
  if (definition.deprecated !== true) return [];
  const details = isObject(definition['x-deprecation']) ? definition['x-deprecation'] : {};
  const since = typeof details.since === 'string' ? details.since : null;
  const sunset = typeof details.sunset === 'string' ? details.sunset : null;
  const sentence: PhrasingContent[] = [text(since ? `Deprecated since ${day(since)}.` : 'Deprecated.')];
  if (sunset) {
    sentence.push(
      text(` It keeps working until its sunset on ${day(sunset)}; from then it answers `),
      code('404 NOT_FOUND'),
      text('.'),
    );
  }
  if (typeof details.replacement === 'string') {
    sentence.push(text(' Use '), code(details.replacement), text(' instead.'));
  }
  const headers: PhrasingContent[] = [
    text(' Every response carries the '),
    code('Deprecation'),
    ...(sunset ? [text(', '), code('Sunset')] : []),
    text(' and '),
    code('Link'),
    text(' headers'),
    ...(typeof details.link === 'string'
      ? [
          text(', the link to '),
          // The description names the production site; on this one (any host, any base URL) the same page.
          { type: 'link', url: sitePath(details.link), children: [text('the announcement')] } as PhrasingContent,
        ]
      : []),
    text('.'),
  ];
  return [
    {
      type: 'containerDirective',
      name: 'caution',
      attributes: {},
      children: [
        { type: 'paragraph', data: { directiveLabel: true }, children: [text('Deprecated')] },
        { type: 'paragraph', children: [...sentence, ...headers] },
      ],
    } as RootContent,
  ];
}
