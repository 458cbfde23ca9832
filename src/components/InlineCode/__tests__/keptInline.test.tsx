import React from 'react';
import KeepWhole from '../../KeepWhole';
import { isKeptInlineCode } from '../keptInline';

describe('isKeptInlineCode', () => {
  it.each([
    ['kept words and text', ['POST ', <KeepWhole key="k">/account-numbers</KeepWhole>], true],
    ['a long path with its breaks', ['/accounts/', <wbr key="1" />, '{accountNumber}/', <wbr key="2" />, 'x'], true],
  ])('%s: inline', (_, children, expected) => {
    expect(isKeptInlineCode(children)).toBe(expected);
  });

  it.each([
    ['plain inline code (the theme draws it inline itself)', 'X-Request-Id'],
    ['a code block', 'line 1\nline 2\n'],
    ['a code block with a newline beside a kept word', ['a\n', <KeepWhole key="k">b-c</KeepWhole>]],
    ['highlighted tokens of a code block', [<span key="s">const</span>, ' a = 1;']],
    ['nothing', undefined],
  ])('%s: the theme decides', (_, children) => {
    expect(isKeptInlineCode(children)).toBe(false);
  });
});
