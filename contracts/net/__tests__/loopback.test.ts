import fc from 'fast-check';
import {
  LOCAL_SANDBOX_SOURCES,
  isLoopbackHost,
  isLoopbackOrigin,
  isLoopbackUrl,
  localSandboxOrigin,
} from '../loopback.ts';

describe('isLoopbackHost: the one rule for "this machine"', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'docs.localhost',
    'a.b.localhost.',
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.255',
    '127.0.0.1.',
    '[::1]',
    '::1',
  ])('%s is this machine', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '',
    '.localhost',
    'localhost..',
    'localhost.evil.example',
    'evil-localhost',
    'notlocalhost',
    '128.0.0.1',
    '127.0.0.256',
    '127.0.0',
    '1127.0.0.1',
    '0.0.0.0',
    '::',
    '[::]',
    '[::ffff:7f00:1]',
    '[::2]',
    '10.0.0.5',
    'docs.clearing.example',
  ])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('takes hosts as the URL parser writes them (127.1, [0:0::1], upper case)', () => {
    for (const url of ['http://127.1:3000/', 'http://[0:0:0:0:0:0:0:1]/', 'http://LocalHost/', 'http://0x7f.1/']) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
    expect(isLoopbackUrl('not a url')).toBe(false);
    expect(isLoopbackUrl('https://docs.clearing.example/')).toBe(false);
  });

  it('any other IPv4 address outside 127.0.0.0/8 is not', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(isLoopbackHost(address)).toBe(address.startsWith('127.'));
      }),
    );
  });
});

describe('isLoopbackOrigin', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3120',
    'http://[::1]:8080',
    'https://localhost:3000',
    'http://docs.localhost:3000',
    'http://127.0.0.2',
  ])('%s is a page on this machine', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
  });

  it.each([
    'null',
    'https://docs.clearing.example',
    'http://localhost.evil.example',
    'http://localhost:3000/path',
    'file://localhost',
    'ws://localhost:3000',
    'http://user@localhost:3000',
  ])('%s is not', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
  });
});

describe('the local sandbox the Try it panel may call', () => {
  it('is plain http on a host the Content-Security-Policy names, and only there', () => {
    expect(localSandboxOrigin(' http://localhost:4020/ ')).toBe('http://localhost:4020');
    expect(localSandboxOrigin('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    // Loopback, but no CSP source can name it: the panel would be blocked.
    expect(localSandboxOrigin('http://[::1]:4020')).toBeNull();
    expect(localSandboxOrigin('http://127.0.0.2:4020')).toBeNull();
    expect(localSandboxOrigin('https://localhost:4020')).toBeNull();
    expect(localSandboxOrigin('localhost:4020')).toBeNull();
    expect(LOCAL_SANDBOX_SOURCES).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
  });
});
