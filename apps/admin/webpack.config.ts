import baseConfig from './module-federation.config';
// Build configuration, not app code: the one webpack policy of all remotes.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { remoteWebpackConfig } from '../../tools/webpack/remote.webpack';

// No prerendering: the admin area is behind a login.
export default remoteWebpackConfig(baseConfig);
