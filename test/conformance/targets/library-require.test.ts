import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformaticKafkaLibrary, platformaticKafkaLocation } from '../../../conformance/targets/libraries.js';
import { LibraryNotInstalled, lazyLibrary, libraryUnavailable, locateLibrary, requireLibrary } from '../../../conformance/targets/library-require.js';
import { libraryTargets } from '../../../conformance/targets/library-targets.js';
import { tempFolder } from '../../support/temp-folder.js';

/** The version a package.json asks for, among its dependencies and devDependencies. */
function pinned(manifestPath: string, name: string): string | undefined {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  return manifest.devDependencies?.[name] ?? manifest.dependencies?.[name];
}

describe('bundled targets\' libraries', () => {
  it('keeps @platformatic/kafka (Node >= 22) out of the root package, so npm ci on Node 20 warns about no engines', () => {
    expect(pinned('package.json', platformaticKafkaLibrary.name)).toBeUndefined();
  });

  it('says how to install a library that is missing, and which version the target wraps when another is installed', () => {
    const missing = { name: 'mqspec-no-such-library', version: '1.2.3' };
    expect(locateLibrary(missing)).toBeUndefined();
    expect(libraryUnavailable(missing)).toBe('not installed (npm i -D mqspec-no-such-library@1.2.3)');
    expect(libraryUnavailable({ name: 'kafkajs', version: '0.0.1' })).toBe('kafkajs 2.2.4 is installed, the target wraps 0.0.1 (npm i -D kafkajs@0.0.1)');
    expect(() => requireLibrary(missing)).toThrow(LibraryNotInstalled);
    expect(() => requireLibrary(missing)).toThrow('mqspec-no-such-library@1.2.3: not installed (npm i -D mqspec-no-such-library@1.2.3)');
  });

  it('loads nothing until a lazy library is first called, then the same module every time', () => {
    const missing = lazyLibrary({ name: 'mqspec-no-such-library', version: '1.2.3' });
    expect(() => missing()).toThrow(LibraryNotInstalled);
    const utils = lazyLibrary<{ hashCode(value: string): number }>({ name: 'ali-ons', version: '3.12.0' }, 'lib/utils');
    expect(utils()).toBe(utils());
    expect(utils().hashCode('TagA')).toBe(2598919);
  });

  it('finds a library in its nested install under libraries/, even when it does not export its package.json', () => {
    const root = tempFolder('nested-library');
    const folder = join(root, 'node_modules', '@scope', 'only-exports');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: '@scope/only-exports', version: '1.0.0', exports: './main.cjs' }));
    writeFileSync(join(folder, 'main.cjs'), 'module.exports = { answer: 42 };\n');
    const library = { name: '@scope/only-exports', version: '1.0.0', nested: root };
    expect(locateLibrary(library)).toMatchObject({ folder, version: '1.0.0' });
    expect(requireLibrary<{ answer: number }>(library).answer).toBe(42);
  });

  it('gives real-client drivers the location of @platformatic/kafka when it is installed', () => {
    const location = platformaticKafkaLocation();
    if (location === undefined) {
      expect(libraryUnavailable(platformaticKafkaLibrary)).toBe('not installed (npm i -D @platformatic/kafka@2.12.1)');
      return;
    }
    expect(location.version).toBe('2.12.1');
    expect(JSON.parse(readFileSync(join(location.folder, 'package.json'), 'utf8'))).toMatchObject({ name: '@platformatic/kafka' });
  });

  it('makes every library target say whether it can run here', () => {
    for (const target of libraryTargets) expect(target.unavailable, target.name).toBeTypeOf('function');
  });
});
