import baseConfig from './module-federation.config';
// Build configuration, not app code: the one webpack policy of all remotes.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { remoteWebpackConfig } from '../../tools/webpack/remote.webpack';

export default remoteWebpackConfig(baseConfig, { prerenderEntry: 'apps/schools/src/server/render-entry.ts' });
