/** @jest-environment jsdom */
import { GATE_ADMITTED_SERVER_TIMING, GATE_TIMING } from '../../../config/gateAdmission.mjs';
import { GATE_ADMITTED_ATTRIBUTE } from '../../../contracts/auth/gateAdmission';
import { gateAdmissionHeadScript } from '../gateAdmission';

const ADMITTED = [{ name: 'gate', description: 'admitted', duration: 0 }];

/** Runs the inline script exactly as the build writes it into every page's <head>. */
function runScript({ serverTiming, cookie }: { serverTiming: unknown; cookie: string }): boolean {
  document.documentElement.removeAttribute(GATE_ADMITTED_ATTRIBUTE);
  // jsdom has no navigation timing: the entry is what Chromium gives the page.
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'navigation' && serverTiming !== undefined ? [{ serverTiming }] : []),
  });
  const cookies = jest.spyOn(Document.prototype, 'cookie', 'get').mockReturnValue(cookie);
  try {
    new Function(gateAdmissionHeadScript())();
    return document.documentElement.hasAttribute(GATE_ADMITTED_ATTRIBUTE);
  } finally {
    Reflect.deleteProperty(performance, 'getEntriesByType');
    cookies.mockRestore();
  }
}

describe('the gate-admission script', () => {
  it('reads the entry the gate writes', () => {
    expect(GATE_ADMITTED_SERVER_TIMING).toBe(`${GATE_TIMING.name};desc="${GATE_TIMING.description}"`);
  });

  it.each([
    ['the gate’s entry and its cookie', ADMITTED, 'theme=dark; docs_id_token=eyJh.eyJz.c2ln', true],
    ['the __Host- cookie (https at base URL /)', ADMITTED, '__Host-docs_id_token=eyJh.eyJz.c2ln', true],
    ['the entry among others', [{ name: 'db', description: '' }, ...ADMITTED], 'docs_id_token=a.b.c', true],
    ['no entry (a static host, npm start)', [], 'docs_id_token=eyJh.eyJz.c2ln', false],
    ['no navigation entry at all', undefined, 'docs_id_token=eyJh.eyJz.c2ln', false],
    ['another description', [{ name: 'gate', description: 'refused' }], 'docs_id_token=a.b.c', false],
    ['no cookie (removed at sign-out, or expired)', ADMITTED, 'theme=dark', false],
    ['an empty cookie', ADMITTED, 'docs_id_token=', false],
    ['a cookie whose name only ends like it', ADMITTED, 'xdocs_id_token=a.b.c', false],
  ])('with %s', (_case, serverTiming, cookie, marked) => {
    expect(runScript({ serverTiming, cookie })).toBe(marked);
  });

  it('leaves the page concealed when the browser has no timing API (as jsdom has none)', () => {
    expect('getEntriesByType' in performance).toBe(false);
    document.documentElement.removeAttribute(GATE_ADMITTED_ATTRIBUTE);
    expect(() => new Function(gateAdmissionHeadScript())()).not.toThrow();
    expect(document.documentElement.hasAttribute(GATE_ADMITTED_ATTRIBUTE)).toBe(false);
  });
});
