import { REFERENCE_PAGES, referencePagesOf } from '../apiReference';
import { buildFooter, copyrightYears, SOCIAL_LINKS } from '../footer';
import { readSettings } from '../settings';

const { settings } = readSettings({
  OIDC_ISSUER: 'https://id.clearing.example',
  CONTACT_URL: 'https://support.clearing.example/contact',
  PRIVACY_URL: 'https://www.clearing.example/privacy',
});

function allLinks(footer: ReturnType<typeof buildFooter>) {
  return footer.links.flatMap((entry) =>
    'items' in entry ? (entry.items as { label?: string; href?: string }[]) : [entry],
  );
}

describe('buildFooter', () => {
  it.each(['columns', 'simple'] as const)(
    '%s style has contact, privacy, social links and the copyright from 2025 to the build year',
    (style) => {
      const footer = buildFooter(settings, style, new Date('2026-11-26T02:00:00Z'));
      const links = allLinks(footer);
      expect(links).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ label: 'Contact us', href: 'https://support.clearing.example/contact' }),
          expect.objectContaining({ label: 'Privacy policy', href: 'https://www.clearing.example/privacy' }),
          ...SOCIAL_LINKS.map((link) => expect.objectContaining(link)),
        ]),
      );
      expect(footer.copyright).toMatch(/^Copyright © 2025–2026 /);
    },
  );

  it.each([
    [2025, '2025'],
    [2026, '2025–2026'],
    [2031, '2025–2031'],
  ])('a build in %i says © %s', (year, years) => {
    expect(copyrightYears(year)).toBe(years);
    const footer = buildFooter(settings, 'columns', new Date(Date.UTC(year, 11, 31, 23, 59)));
    expect(footer.copyright).toBe(`Copyright © ${years} ${settings.title}. All rights reserved.`);
  });

  it('columns style groups links under titles', () => {
    const footer = buildFooter(settings, 'columns');
    expect(footer.links.every((entry) => 'title' in entry && 'items' in entry)).toBe(true);
    expect(footer.logo).toBeUndefined();
  });

  it('simple style is one row of links with a logo', () => {
    const footer = buildFooter(settings, 'simple');
    expect(footer.links.every((entry) => !('items' in entry))).toBe(true);
    expect(footer.logo?.src).toBe('img/logo.svg');
  });

  it('columns style links every API reference page the reference plugin renders', () => {
    const column = buildFooter(settings, 'columns').links.find(
      (entry) => 'title' in entry && entry.title === 'API reference',
    );
    expect(column && 'items' in column ? column.items : []).toEqual(
      REFERENCE_PAGES.map(({ label, route }) => ({ label, to: route })),
    );
    const labels = REFERENCE_PAGES.map(({ label }) => label);
    expect(labels.indexOf('Trading API v2 (preview)')).toBe(labels.indexOf('Trading API') + 1);
  });

  it('leaves out the pages of an API version the build does not document (a build of v1 docs only)', () => {
    const column = buildFooter(settings, 'columns', new Date(), referencePagesOf(['v1'])).links.find(
      (entry) => 'title' in entry && entry.title === 'API reference',
    );
    const items = (column && 'items' in column ? column.items : []) as { to?: string }[];
    const routes = items.map((item) => item.to);
    expect(routes).toContain('/api/orders-api');
    expect(routes).not.toContain('/api/v2/orders-api');
  });
});
