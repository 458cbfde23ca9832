import { isRunnableInlineScript, NOINDEX_META, scanHtml, withNoindex } from '../html';

const COLOUR_MODE = '!function(){var t=function(){try{return localStorage.getItem("theme")}catch(t){}}();}()';

/** As Docusaurus writes it: minified, attributes unquoted where it can. */
const PAGE =
  '<!doctype html><html lang=en dir=ltr><head><meta charset=UTF-8>' +
  '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>' +
  '<link data-rh=true rel=icon href=/img/favicon.svg />' +
  '<link rel=stylesheet href="/assets/css/styles.e3.css">' +
  '<!-- <script src=/commented.js></script> -->' +
  `<script src=/assets/js/runtime~main.a2.js defer></script><script src='/assets/js/main.ca.js' defer></script>` +
  `</head><body><SCRIPT>${COLOUR_MODE}</SCRIPT>` +
  '<script type=module>import("/a.js")</script><script type="text/javascript">var a = "</scr" + "ipt>";</script>' +
  '<a href="/x?a=1&amp;b=2" title="1 > 0">x</a><link href="/q?a=1&amp;b=2" data-x="a > b" rel=preload as=fetch>' +
  '</body></html>';

describe('scanHtml', () => {
  const { scripts, links } = scanHtml(PAGE);

  it('finds every script, in order, with its text as written', () => {
    expect(scripts.map(({ attributes }) => attributes.src ?? attributes.type ?? '(inline)')).toEqual([
      'application/ld+json',
      '/assets/js/runtime~main.a2.js',
      '/assets/js/main.ca.js',
      '(inline)',
      'module',
      'text/javascript',
    ]);
    expect(scripts[3].text).toBe(COLOUR_MODE);
    expect(scripts[5].text).toBe('var a = "</scr" + "ipt>";');
  });

  it('reads quoted, unquoted and valueless attributes, and decodes entities', () => {
    expect(scripts[1].attributes).toEqual({ src: '/assets/js/runtime~main.a2.js', defer: '' });
    expect(links.map((link) => link.href)).toEqual(['/img/favicon.svg', '/assets/css/styles.e3.css', '/q?a=1&b=2']);
    expect(links[2]['data-x']).toBe('a > b');
  });

  it('skips comments', () => {
    expect(scripts.some(({ attributes }) => attributes.src === '/commented.js')).toBe(false);
  });

  it('survives an unclosed tag or script', () => {
    expect(scanHtml('<script src="/a.js').scripts).toHaveLength(1);
    expect(scanHtml('<script>alert(1)').scripts).toEqual([{ attributes: {}, text: 'alert(1)' }]);
    expect(scanHtml('<link href=/a.css <script>x</script>').links).toEqual([{ href: '/a.css', script: '' }]);
  });
});

describe('isRunnableInlineScript', () => {
  const { scripts } = scanHtml(PAGE);

  it('counts inline classic and module scripts, not data blocks or external scripts', () => {
    expect(scripts.map(isRunnableInlineScript)).toEqual([false, false, false, true, true, true]);
  });
});

describe('withNoindex', () => {
  it('puts the robots meta first in the head', () => {
    expect(withNoindex('<html lang="en"><head data-x="1"><title>T</title></head><body></body></html>')).toBe(
      `<html lang="en"><head data-x="1">${NOINDEX_META}<title>T</title></head><body></body></html>`,
    );
  });

  it('leaves a page that has a robots meta as it is', () => {
    const page = '<html><head><meta name="robots" content="noindex"></head></html>';
    expect(withNoindex(page)).toBe(page);
  });

  it('refuses a page without a head', () => {
    expect(() => withNoindex('<p>fragment</p>')).toThrow(/no <head>/);
  });
});
