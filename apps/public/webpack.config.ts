import { composePlugins, withNx } from '@nx/webpack';
import { withReact } from '@nx/react';
import { withModuleFederation } from '@nx/module-federation/webpack';

import baseConfig from './module-federation.config';

/**
 * The remote is served under /remotes/<name>/ (publicPath 'auto', set by Nx) and found by
 * the shell through the runtime manifest. Its container is a property of the global object
 * (library type 'global'): a `var` named after the remote cannot work for "public", a
 * reserved word in strict mode. DTS generation stays off: the shell declares the type of
 * every remote's ./Module itself.
 */
export default composePlugins(
  withNx(),
  withReact(),
  withModuleFederation(baseConfig, { dts: false, library: { type: 'global', name: baseConfig.name } }),
);
