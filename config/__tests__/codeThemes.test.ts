import type { PrismTheme } from 'prism-react-renderer';
import { darkCodeTheme, lightCodeTheme } from '../codeThemes';

/** Red, green and blue (0-255) of a `#rgb`, `#rrggbb` or `rgb()`/`rgba()` colour. */
function channels(colour: string): number[] {
  const functional = /^rgba?\(([^)]+)\)$/.exec(colour.trim());
  if (functional)
    return functional[1]
      .split(',')
      .slice(0, 3)
      .map((part) => parseFloat(part));
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`unreadable colour ${colour}`);
  return [0, 2, 4].map((index) => parseInt(full.slice(index, index + 2), 16));
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour)
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function tokenColours(theme: PrismTheme): [string, string][] {
  const colours: [string, string][] = [['plain', theme.plain.color as string]];
  for (const style of theme.styles) {
    if (typeof style.style.color === 'string') colours.push([style.types.join('/'), style.style.color]);
  }
  return colours;
}

it('reads every colour notation the themes use', () => {
  expect(contrast('rgb(255, 0, 0)', '#fff')).toBeCloseTo(4.0, 1);
  expect(contrast('#000', '#ffffff')).toBeCloseTo(21, 0);
});

describe.each([
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
])('the %s code theme', (_mode, theme) => {
  it('gives every token at least 4.5:1 contrast on the code background', () => {
    const background = theme.plain.backgroundColor as string;
    const tooFaint = tokenColours(theme)
      .map(([types, colour]) => ({ types, colour, ratio: Number(contrast(colour, background).toFixed(2)) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(tooFaint).toEqual([]);
  });
});
