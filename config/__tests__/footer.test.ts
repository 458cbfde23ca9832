/** @jest-environment node */
import { API_REFERENCE_PAGES } from '../apiReference';
import { buildFooter, SOCIAL_LINKS } from '../footer';
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
    '%s style has contact, privacy, social links and the 2025 copyright',
    (style) => {
      const footer = buildFooter(settings, style);
      const links = allLinks(footer);
      expect(links).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ label: 'Contact us', href: 'https://support.clearing.example/contact' }),
          expect.objectContaining({ label: 'Privacy policy', href: 'https://www.clearing.example/privacy' }),
          ...SOCIAL_LINKS.map((link) => expect.objectContaining(link)),
        ]),
      );
      expect(footer.copyright).toMatch(/^Copyright © 2025 /);
    },
  );

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
      API_REFERENCE_PAGES.map(({ label, route }) => ({ label, to: route })),
    );
  });
});
