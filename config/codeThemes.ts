import { themes, type PrismTheme } from 'prism-react-renderer';

/** Darkens one token colour of a theme. */
function withTokenColor(theme: PrismTheme, type: string, color: string): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) =>
      style.types.includes(type) ? { ...style, style: { ...style.style, color } } : style,
    ),
  };
}

/**
 * Code block colours with at least 4.5:1 contrast for every token (WCAG 1.4.3), checked in
 * `config/__tests__/codeThemes.test.ts`. VS Light's attribute names are a shade too light.
 */
export const lightCodeTheme: PrismTheme = withTokenColor(themes.vsLight, 'attr-name', '#c00000');
export const darkCodeTheme: PrismTheme = themes.oceanicNext;
