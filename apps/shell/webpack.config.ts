import { join } from 'node:path';
import { composePlugins, withNx, type NxWebpackPlugin } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';

import baseConfig from './module-federation.config';
// Build configuration, not app code: the one federation policy of all front ends.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { withTreeShakenWorkspaceLibs } from '../../tools/webpack/federation.options';
import { withServerBundle } from '../../tools/webpack/server-bundle.plugin';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { withIcuMessages } from '../../tools/webpack/icu-messages';

/**
 * `nx serve shell`: the shell comes from the dev server with hot reload; the remote manifest,
 * the built remotes and the API come from the local edge (`node tools/edge/server.mjs`,
 * KBE_EDGE_URL, default http://localhost:8080).
 */
const withEdgeProxy: NxWebpackPlugin = (config) => {
  if (config.devServer) {
    config.devServer.proxy = [
      {
        context: ['/api', '/remotes', '/module-federation.manifest.json'],
        target: process.env['KBE_EDGE_URL'] ?? 'http://localhost:8080',
      },
    ];
  }
  return config;
};

/**
 * - dts off: the shell declares the type of every remote's ./Module itself (remote-page-loader.ts);
 * - shareStrategy 'loaded-first': a remote's remoteEntry.js is fetched when the remote is
 *   needed, not all of them at start to compare shared versions;
 * - no snapshot (mf-manifest) support and web-only loading code: remotes are plain
 *   remoteEntry.js URLs in a browser.
 * Measured with bench/bundle-size.mjs: a styles entry or eager React in the remotes each
 * cost a whole extra runtime/router on the first load, see tools/webpack/federation.options.ts.
 */
export default composePlugins(
  withNx(),
  withReact(),
  withModuleFederation(baseConfig, {
    dts: false,
    shareStrategy: 'loaded-first',
    experiments: { optimization: { disableSnapshot: true, target: 'web' } },
    // the remotes' production builds use this runtime (tools/webpack/federation.options.ts, withSharedFederationRuntime)
    runtimePlugins: [join(__dirname, '../../tools/webpack/provide-federation-runtime.runtime-plugin.mjs')],
  }),
  withEdgeProxy,
  withTreeShakenWorkspaceLibs(),
  withIcuMessages(),
  // dist/apps/shell/server/render.cjs: the chrome and routes for the edge's prerendering
  withServerBundle({ entry: 'apps/shell/src/server/render-page.tsx' }),
);
