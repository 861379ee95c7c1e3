import type { ModuleFederationConfig } from '@nx/module-federation';

// Build configuration, not app code: the one federation policy of all front ends.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { federationShared } from '../../tools/webpack/federation.options';

/**
 * The shell knows no remote at build time: `src/main.ts` reads their URLs from
 * `/module-federation.manifest.json` when the page starts, so a remote is redeployed
 * without rebuilding the shell. React, react-dom, react-router-dom and the workspace
 * libraries are shared singletons (Nx shares every dependency of the project).
 */
const config: ModuleFederationConfig = {
  name: 'shell',
  remotes: [],
  shared: federationShared('host'),
};

export default config;
