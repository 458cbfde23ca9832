import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBuildInfo, sourceDateEpoch } from '../buildInfo';

const SITE_DIR = path.join(__dirname, '..', '..');
const neverTheClock = () => {
  throw new Error('the clock was read');
};

describe('the build time', () => {
  it('is SOURCE_DATE_EPOCH when the builder sets it', () => {
    const info = readBuildInfo(SITE_DIR, { SOURCE_DATE_EPOCH: '1764460800' }, neverTheClock);
    expect(info).toMatchObject({ builtAt: '2025-11-30T00:00:00.000Z', builtAtFrom: 'SOURCE_DATE_EPOCH' });
  });

  it('is otherwise the time of the commit being built, so two builds of it agree', () => {
    const head = execFileSync('git', ['show', '-s', '--format=%H %ct', 'HEAD'], { cwd: SITE_DIR, encoding: 'utf8' });
    const [commit, seconds] = head.trim().split(' ');
    const info = readBuildInfo(SITE_DIR, {}, neverTheClock);
    expect(info).toEqual(
      expect.objectContaining({
        commit,
        builtAt: new Date(Number(seconds) * 1000).toISOString(),
        builtAtFrom: 'commit',
      }),
    );
    expect(readBuildInfo(SITE_DIR, {}, neverTheClock)).toEqual(info);
  });

  it('is the clock only outside a git checkout, and says so', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-info-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '1.2.3' }));
      const info = readBuildInfo(dir, {}, () => new Date('2026-11-30T12:00:00Z'));
      expect(info).toEqual({
        version: '1.2.3',
        commit: 'unknown',
        builtAt: '2026-11-30T12:00:00.000Z',
        builtAtFrom: 'clock',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['yesterday', '1764460800.5', '-1', '1e9', '99999999999999999'])(
    'refuses SOURCE_DATE_EPOCH=%s, naming the form it takes',
    (value) => {
      expect(() => sourceDateEpoch({ SOURCE_DATE_EPOCH: value })).toThrow(
        /SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC/,
      );
    },
  );
});
