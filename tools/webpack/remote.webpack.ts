import { composePlugins, withNx } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';
import type { ModuleFederationConfig } from '@nx/module-federation';
import { remoteFederationOptions, withSharedFederationRuntime, withTreeShakenWorkspaceLibs } from './federation.options';
import { withServerBundle } from './server-bundle.plugin';
import { withIcuMessages } from './icu-messages';

/**
 * The webpack configuration of a remote: served under /remotes/<name>/ (publicPath 'auto', set
 * by Nx) and found by the shell through the runtime manifest; also runs standalone
 * (`nx serve <name>`). With `prerenderEntry`, the build also writes
 * dist/apps/<name>/server/render.cjs, the remote's pages for the edge's prerendering: built
 * with the remote, so a new version ships with its own prerendered pages, no shell rebuild.
 */
export function remoteWebpackConfig(config: ModuleFederationConfig, options: { prerenderEntry?: string } = {}) {
  const base = [
    withNx(),
    withReact(),
    withModuleFederation(config, remoteFederationOptions(config)),
    withSharedFederationRuntime(),
    withTreeShakenWorkspaceLibs(),
    withIcuMessages(),
  ] as const;
  return options.prerenderEntry
    ? composePlugins(...base, withServerBundle({ entry: options.prerenderEntry }))
    : composePlugins(...base);
}
