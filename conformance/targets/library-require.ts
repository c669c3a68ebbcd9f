/**
 * Finding and loading the libraries the bundled targets wrap. They are not dependencies of the package (a user of
 * mqspec installs the one they want checked, `npm i -D kafkajs@2.2.4`), so nothing here runs at import: a target
 * asks whether its library is there (`libraryUnavailable`, what `mqspec targets` lists) and loads it when a check
 * first opens it (`lazyLibrary`). Most are CommonJS and the adapters reach into internal files
 * (`kafkajs/src/consumer/subscriptionState`); each call is typed by the caller's declaration of the little it uses.
 *
 * A library is looked for where Node would resolve it from mqspec (the user's project, or this repository's
 * node_modules), then in its nested install, if it has one: a library whose `engines` exclude a Node that mqspec
 * supports lives in a package of its own under `libraries/` (installed by `.ci/install-libraries` with the LTS Node's
 * npm, so that no `npm ci` warns about engines) — see libraries/README.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { packageRoot } from '../package-root.js';

const require = createRequire(import.meta.url);

/** An npm package a bundled target wraps, at the exact version its adapter was written against. */
export interface LibraryPackage {
  /** The package name (`kafkajs`, `@platformatic/kafka`). */
  readonly name: string;
  /** The exact version (`2.2.4`). */
  readonly version: string;
  /** A folder (relative to mqspec's package root, or absolute) holding a nested install of the library, if any. */
  readonly nested?: string;
}

/** Where a library is installed. */
export interface LibraryLocation {
  /** The package's folder (holding its package.json). */
  readonly folder: string;
  /** The node_modules folder it was found in. */
  readonly nodeModules: string;
  /** The installed version, from its package.json. */
  readonly version: string;
}

/** A library that is not installed (or not at the version the adapter wraps): one line saying how to install it. */
export class LibraryNotInstalled extends Error {
  override readonly name = 'LibraryNotInstalled';
}

/** `name@version`, as npm spells it. */
export function librarySpec(library: LibraryPackage): string {
  return `${library.name}@${library.version}`;
}

/** The node_modules folders to look in, in order: Node's resolution from this file, then the nested install. */
function searchFolders(library: LibraryPackage): string[] {
  const resolved = require.resolve.paths(library.name) ?? [];
  return library.nested === undefined ? resolved : [...resolved, join(resolve(packageRoot(), library.nested), 'node_modules')];
}

/** The installed version in a package folder, or undefined when its package.json cannot be read. */
function installedVersion(folder: string): string | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the library is installed, or undefined. A folder is found on disk rather than through `require.resolve`,
 * because some packages do not export their package.json (`@platformatic/kafka`).
 */
export function locateLibrary(library: LibraryPackage): LibraryLocation | undefined {
  for (const nodeModules of searchFolders(library)) {
    const folder = join(nodeModules, library.name);
    if (!existsSync(join(folder, 'package.json'))) continue;
    const version = installedVersion(folder);
    if (version !== undefined) return { folder, nodeModules, version };
  }
  return undefined;
}

/**
 * Why the library cannot be used here, in one line, or undefined when it is installed at its version:
 * `not installed (npm i -D kafkajs@2.2.4)`, or `kafkajs 2.2.3 is installed, the target wraps 2.2.4 (npm i -D kafkajs@2.2.4)`.
 */
export function libraryUnavailable(library: LibraryPackage): string | undefined {
  const location = locateLibrary(library);
  const install = `npm i -D ${librarySpec(library)}`;
  if (location === undefined) return `not installed (${install})`;
  if (location.version !== library.version) return `${library.name} ${location.version} is installed, the target wraps ${library.version} (${install})`;
  return undefined;
}

/**
 * Loads the library (or a file inside it: `subpath` = `src/consumer/subscriptionState`) now, typed as `T`: the caller
 * declares the shape of the part it calls. Throws LibraryNotInstalled when it is missing or at another version.
 */
export function requireLibrary<T>(library: LibraryPackage, subpath?: string): T {
  const reason = libraryUnavailable(library);
  const location = locateLibrary(library);
  if (reason !== undefined || location === undefined) throw new LibraryNotInstalled(`${librarySpec(library)}: ${reason ?? 'not installed'}`);
  // Resolved from the node_modules folder it was found in, so that the package's own `exports` apply to its name.
  const fromThere = createRequire(join(location.nodeModules, '..', 'mqspec-library-require.js'));
  return fromThere(subpath === undefined ? library.name : `${library.name}/${subpath}`) as T;
}

/** `requireLibrary` deferred to the first call, then remembered: what a bundled target's module holds instead of the library. */
export function lazyLibrary<T>(library: LibraryPackage, subpath?: string): () => T {
  let loaded: { readonly value: T } | undefined;
  return () => {
    loaded ??= { value: requireLibrary<T>(library, subpath) };
    return loaded.value;
  };
}
