import { composePlugins, withNx, type NxWebpackPlugin } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';

import baseConfig from './module-federation.config';

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

// DTS generation stays off: the shell declares the type of every remote's ./Module itself
// (src/app/remote-page-loader.ts).
export default composePlugins(withNx(), withReact(), withModuleFederation(baseConfig, { dts: false }), withEdgeProxy);
