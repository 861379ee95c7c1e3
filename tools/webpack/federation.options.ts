import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ModuleFederationConfig } from '@nx/module-federation';
import webpack from 'webpack';

const requireFromHere = createRequire(__filename);

/**
 * Module federation options shared by the four remotes (one place, not four copies).
 * - library type 'global': the container is a property of the global object; a `var`
 *   named after the remote cannot work for "public", a reserved word in strict mode;
 * - dts off: the shell declares the type of every remote's ./Module itself;
 * - shareStrategy 'loaded-first'; no snapshot (mf-manifest) code and web-only loading code:
 *   remotes are plain remoteEntry.js URLs in a browser.
 * In production builds a remote uses the shell's federation runtime instead of its own copy
 * (withSharedFederationRuntime).
 */
export function remoteFederationOptions(config: ModuleFederationConfig) {
  return {
    dts: false,
    library: { type: 'global', name: config.name },
    shareStrategy: 'loaded-first' as const,
    experiments: { optimization: { disableSnapshot: true, target: 'web' as const } },
  };
}

/**
 * Production builds of a remote use the federation runtime the shell provides
 * (`experiments.provideExternalRuntime` in apps/shell/webpack.config.ts) instead of carrying a
 * second copy in remoteEntry.js (what `experiments.externalRuntime: true` does: runtime-core
 * becomes the global `_FEDERATION_RUNTIME_CORE`): a smaller remoteEntry.js on every public page
 * (bytes: docs/benchmarks/2026-11-23-web-performance.md). Development builds keep their own
 * copy, so `nx serve <remote>` still runs alone; a production remote needs the shell (the only
 * way it is served).
 */
export function withSharedFederationRuntime() {
  return (config: webpack.Configuration) => {
    if (config.mode !== 'production') return config;
    config.plugins = [...(config.plugins ?? []), new webpack.ExternalsPlugin('global', { '@module-federation/runtime-core': '_FEDERATION_RUNTIME_CORE' })];
    return config;
  };
}

/** The router's shared module: the used part of react-router-dom (see the file). */
const SHARED_ROUTER = join(__dirname, 'react-router-dom.shared.mjs');
const ROUTER_VERSION: string = requireFromHere('react-router-dom/package.json').version;

const EAGER_BY_NX = new Set(['react', 'react-dom', 'react-router', 'react-router-dom']);

/**
 * Packages that are never shared: stateless helpers whose secondary entry points report a
 * version of their own (`@hookform/resolvers/zod` says 1.0.0 while the package is 7.x), which
 * fails the singleton version check at run time and takes the whole remote down. Each
 * container bundles its own (tree-shaken) copy instead. The ICU parser neither: browser builds
 * replace it with its no-parser build (tools/webpack/icu-messages.ts).
 */
const NOT_SHARED = /^(@hookform\/resolvers|@formatjs\/icu-messageformat-parser)(\/|$)/;

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
    // every container provides and consumes the same slice of the router, under the package's name and version
    const shared = libraryName === 'react-router-dom' ? { ...config, import: SHARED_ROUTER, version: ROUTER_VERSION } : config;
    if (role === 'remote' && EAGER_BY_NX.has(libraryName)) return { ...shared, eager: false };
    return shared;
  };
}
