import type { ModuleFederationConfig } from '@nx/module-federation';

/**
 * Module federation options shared by the four remotes (one place, not four copies).
 * - library type 'global': the container is a property of the global object; a `var`
 *   named after the remote cannot work for "public", a reserved word in strict mode;
 * - dts off: the shell declares the type of every remote's ./Module itself;
 * - shareStrategy 'loaded-first'; no snapshot (mf-manifest) code and web-only loading code:
 *   remotes are plain remoteEntry.js URLs in a browser.
 * The remote keeps its own copy of the federation runtime (~15 KB gzipped in remoteEntry.js):
 * measured, the shell's runtime exposed to the remotes (provideExternalRuntime) costs the
 * shell more than it saves, and the remote stays runnable on its own.
 */
export function remoteFederationOptions(config: ModuleFederationConfig) {
  return {
    dts: false,
    library: { type: 'global', name: config.name },
    shareStrategy: 'loaded-first' as const,
    experiments: { optimization: { disableSnapshot: true, target: 'web' as const } },
  };
}

const EAGER_BY_NX = new Set(['react', 'react-dom', 'react-router', 'react-router-dom']);

/**
 * Packages that are never shared: stateless helpers whose secondary entry points report a
 * version of their own (`@hookform/resolvers/zod` says 1.0.0 while the package is 7.x), which
 * fails the singleton version check at run time and takes the whole remote down. Each
 * container bundles its own (tree-shaken) copy instead.
 */
const NOT_SHARED = /^@hookform\/resolvers(\/|$)/;

/**
 * Workspace libraries are bundled into each container and tree-shaken to what it uses (see
 * withTreeShakenWorkspaceLibs) instead of being shared: a shared module cannot be tree-shaken,
 * so sharing the @kbe/ui barrel loaded every Radix primitive on the first page. The npm
 * packages under them (React, the router, each Radix primitive) stay shared singletons, so a
 * primitive loads once, and only when used. State that must be one per page (the toast
 * store) is anchored on globalThis by its library.
 */
const WORKSPACE_LIBRARY = /^@kbe\//;

/**
 * The workspace libraries' modules have no side effects on import, so webpack may drop
 * whatever a container does not use from their barrels (they have no package.json to say so).
 */
export function withTreeShakenWorkspaceLibs() {
  return (config: { module?: { rules?: unknown[] } }) => {
    config.module = config.module ?? {};
    config.module.rules = [
      ...(config.module.rules ?? []),
      { test: /[\\/]libs[\\/][^\\/]+(?:[\\/][^\\/]+)?[\\/]src[\\/].*\.[jt]sx?$/, sideEffects: false },
    ];
    return config;
  };
}

/**
 * The `shared` policy of the shell ('host') and of every remote ('remote'), on top of what
 * Nx shares by default (every npm package and workspace library the project uses, as
 * singletons). In remotes, Nx's `eager` react, react-dom and router would sit inside each
 * remoteEntry.js although the shell already provides them (measured: public's remoteEntry.js
 * 40 KB -> 10 KB gzipped); a remote loads them from the share scope instead (its standalone
 * start has an async boundary, src/main.ts).
 */
export function federationShared(role: 'host' | 'remote') {
  return (libraryName: string, config: object) => {
    if (NOT_SHARED.test(libraryName) || WORKSPACE_LIBRARY.test(libraryName)) return false;
    if (role === 'remote' && EAGER_BY_NX.has(libraryName)) return { ...config, eager: false };
    return config;
  };
}
