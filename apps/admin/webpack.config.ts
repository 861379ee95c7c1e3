import { composePlugins, withNx } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';

import baseConfig from './module-federation.config';
// Build configuration, not app code: the one federation policy of all front ends.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { remoteFederationOptions, withSharedFederationRuntime, withTreeShakenWorkspaceLibs } from '../../tools/webpack/federation.options';

// Served under /remotes/<name>/ (publicPath 'auto', set by Nx) and found by the shell through
// the runtime manifest; also runs standalone (`nx serve <name>`).
export default composePlugins(withNx(), withReact(), withModuleFederation(baseConfig, remoteFederationOptions(baseConfig)), withSharedFederationRuntime(), withTreeShakenWorkspaceLibs());
