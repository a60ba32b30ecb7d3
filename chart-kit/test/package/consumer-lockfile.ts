// A lockfile for a consumer project, cut from the monorepo's own lockfile, so that
// `npm install --offline` needs only the package tarballs already in the local npm cache: with
// every version and integrity pinned npm fetches no registry metadata, which is often not cached.

/** One entry of a v3 lockfile's `packages` map (the fields this file reads). */
export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

/** The fields of a package.json that decide what npm installs. */
export interface Manifest {
  name: string;
  version: string;
  type?: 'module' | 'commonjs';
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** A packed package the consumer installs from its tarball: its manifest and the `file:` spec. */
export interface PackedLibrary {
  manifest: Manifest;
  spec: string;
}

/** What the consumer project installs: its manifest and the tarballs standing in for dependencies. */
export interface ConsumerLockInput {
  consumer: Manifest;
  /**
   * The packed libraries (chart-kit and @chart-kit/core, published together). Wherever one of them
   * is needed, by the consumer or by another, its tarball is used, never the monorepo's workspace.
   */
  libraries: readonly PackedLibrary[];
  /** The monorepo's lockfile, where every other package's version and integrity come from. */
  monorepoLock: Lockfile;
}

const MODULES = 'node_modules/';

/**
 * The consumer's lockfile: the libraries from their tarballs, at the top of node_modules, and every
 * other package (the consumer's own dependencies, the libraries' dependencies and required peers,
 * transitively) at the version the monorepo installed, placed where the monorepo placed it. Throws
 * when a package is missing from the monorepo's lockfile, naming who needed it.
 */
export function consumerLockfile({
  consumer,
  libraries,
  monorepoLock,
}: ConsumerLockInput): Lockfile {
  const source = monorepoLock.packages;
  const packages: Record<string, LockEntry> = {
    '': {
      name: consumer.name,
      version: consumer.version,
      dependencies: consumer.dependencies ?? {},
      devDependencies: consumer.devDependencies ?? {},
    },
  };

  const libraryNames = new Set(libraries.map((library) => library.manifest.name));
  const add = (from: string, name: string, optional: boolean): void => {
    if (libraryNames.has(name)) return;
    const key = locate(source, from, name);
    if (key === undefined) {
      if (optional) return;
      throw new Error(`${name} (needed by ${from || consumer.name}) is not in the monorepo's lock`);
    }
    if (packages[key]) return;
    // Dev and peer flags describe the monorepo's tree; npm works out the consumer's own.
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = source[key] ?? {};
    packages[key] = entry;
    addEdges(key, entry, add);
  };

  const libraryEntries = libraries.map(({ manifest, spec }): LockEntry => {
    const entry: LockEntry = {
      version: manifest.version,
      resolved: spec,
      dependencies: manifest.dependencies ?? {},
      peerDependencies: manifest.peerDependencies ?? {},
      peerDependenciesMeta: manifest.peerDependenciesMeta ?? {},
    };
    packages[`${MODULES}${manifest.name}`] = entry;
    return entry;
  });
  for (const name of Object.keys({ ...consumer.dependencies, ...consumer.devDependencies })) {
    add('', name, false);
  }
  for (const entry of libraryEntries) addEdges('', entry, add);

  return { name: consumer.name, lockfileVersion: 3, requires: true, packages };
}

/** Follows an entry's dependencies, optional dependencies and required peers. */
function addEdges(
  key: string,
  entry: LockEntry,
  add: (from: string, name: string, optional: boolean) => void,
): void {
  for (const name of Object.keys(entry.dependencies ?? {})) add(key, name, false);
  for (const name of Object.keys(entry.optionalDependencies ?? {})) add(key, name, true);
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    if (entry.peerDependenciesMeta?.[name]?.optional !== true) add(key, name, false);
  }
}

/**
 * Where Node would find `name` from the package at lock path `from` (`''` is the project):
 * its own node_modules, then each enclosing package's, up to the top. Workspace links are skipped:
 * they are the monorepo's own packages, not installable ones.
 */
function locate(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  let base = from;
  for (;;) {
    const key = base ? `${base}/${MODULES}${name}` : `${MODULES}${name}`;
    const entry = packages[key];
    if (entry && entry.link !== true) return key;
    if (!base) return undefined;
    const parent = base.lastIndexOf(`/${MODULES}`);
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}
