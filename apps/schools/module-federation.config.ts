import type { ModuleFederationConfig } from '@nx/module-federation';

// Build configuration, not app code: the one federation policy of all front ends.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { federationShared } from '../../tools/webpack/federation.options';

/** Exposes './Module' (src/remote-entry.ts): the component that renders this remote's pages. */
const config: ModuleFederationConfig = {
  name: 'schools',
  exposes: {
    './Module': './src/remote-entry.ts',
  },
  shared: federationShared('remote'),
};

/**
 * Nx requires a default export of the config to allow correct resolution of the module federation graph.
 **/
export default config;
