import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext, PostCssOptions } from '@docusaurus/types';
import postcssOptionsPlugin, { createdOnce, postcssConfigIn } from '../index';

const SITE_DIR = path.resolve(__dirname, '../../..');

/** A PostCSS plugin module's creator that records what it was called with. */
function recordingCreator(name: string) {
  const calls: unknown[][] = [];
  const creator = Object.assign(
    (...args: unknown[]) => {
      calls.push(args);
      return { postcssPlugin: name, options: args[0] };
    },
    { postcss: true as const },
  );
  return { creator, calls };
}

describe('createdOnce', () => {
  it('creates each plugin of a [module, options] pair once, without options when they are empty', () => {
    const preset = recordingCreator('preset');
    const prefixer = recordingCreator('prefixer');
    const modules: Record<string, unknown> = {
      '/x/preset.js': preset.creator,
      '/x/prefixer.js': { default: prefixer.creator },
    };
    const plugins = createdOnce(
      [
        ['/x/preset.js', {}],
        ['/x/prefixer.js', { grid: true }],
      ],
      (module) => modules[module],
    );
    expect(plugins).toEqual([
      { postcssPlugin: 'preset', options: undefined },
      { postcssPlugin: 'prefixer', options: { grid: true } },
    ]);
    expect(preset.calls).toEqual([[]]);
    expect(prefixer.calls).toEqual([[{ grid: true }]]);
  });

  it('creates a plugin named by its module or given as a creator, and keeps one given as an instance', () => {
    const named = recordingCreator('named');
    const given = recordingCreator('given');
    const instance = { postcssPlugin: 'instance', Once() {} };
    const plugins = createdOnce(['/x/named.js', given.creator, instance], () => named.creator);
    expect(plugins).toEqual([
      { postcssPlugin: 'named', options: undefined },
      { postcssPlugin: 'given', options: undefined },
      instance,
    ]);
    expect(named.calls).toHaveLength(1);
    expect(given.calls).toHaveLength(1);
  });
});

describe('postcssConfigIn', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'postcss-options-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a PostCSS config file, in the folder or its .config folder', () => {
    expect(postcssConfigIn(dir)).toBeNull();
    mkdirSync(path.join(dir, '.config'));
    writeFileSync(path.join(dir, '.config/postcssrc.json'), '{}');
    expect(postcssConfigIn(dir)).toBe('.config/postcssrc.json');
    writeFileSync(path.join(dir, 'postcss.config.js'), 'module.exports = {};');
    expect(postcssConfigIn(dir)).toBe('postcss.config.js');
  });

  it("finds package.json's postcss field, and not a package.json without one", () => {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'site' }));
    expect(postcssConfigIn(dir)).toBeNull();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'site', postcss: { plugins: {} } }));
    expect(postcssConfigIn(dir)).toBe('package.json ("postcss")');
  });

  it('stops the build of a site with a PostCSS config file, naming it, instead of ignoring it', () => {
    writeFileSync(path.join(dir, '.postcssrc.yml'), 'plugins: {}\n');
    expect(() => postcssOptionsPlugin({ siteDir: dir } as LoadContext)).toThrow(
      /reads no PostCSS config file, but \.postcssrc\.yml is in .*configurePostCss/,
    );
  });
});

describe('postcssOptionsPlugin', () => {
  it('turns off the search for a config and hands postcss-loader created plugins', () => {
    const plugin = postcssOptionsPlugin({ siteDir: SITE_DIR } as LoadContext);
    const options: PostCssOptions = {
      ident: 'postcss',
      plugins: [[require.resolve('./fixtures/countingPlugin.js'), {}]],
    };
    const configured = plugin.configurePostCss?.(options);
    expect(configured).toMatchObject({ ident: 'postcss', config: false });
    expect(configured?.plugins).toEqual([expect.objectContaining({ postcssPlugin: 'counting-plugin' })]);
    // The site itself has no PostCSS config for the plugin to refuse.
    expect(postcssConfigIn(SITE_DIR)).toBeNull();
  });
});
