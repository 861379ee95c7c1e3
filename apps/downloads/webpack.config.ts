import { composePlugins, withNx } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';

import baseConfig from './module-federation.config';
// Build configuration, not app code: the one federation policy of all front ends.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { remoteFederationOptions, withSharedFederationRuntime, withTreeShakenWorkspaceLibs } from '../../tools/webpack/federation.options';
import { withServerBundle } from '../../tools/webpack/server-bundle.plugin';

// Served under /remotes/<name>/ (publicPath 'auto', set by Nx) and found by the shell through
// the runtime manifest; also runs standalone (`nx serve <name>`).
// dist/apps/downloads/server/render.cjs: this remote's page for the edge's prerendering (built with
// this remote, so a new version ships with its own prerendered page, no shell rebuild).
export default composePlugins(
  withNx(),
  withReact(),
  withModuleFederation(baseConfig, remoteFederationOptions(baseConfig)),
  withSharedFederationRuntime(),
  withTreeShakenWorkspaceLibs(),
  withServerBundle({ entry: 'apps/downloads/src/server/render-entry.ts' }),
);
