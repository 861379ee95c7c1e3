import { registerPlugins } from '@module-federation/enhanced/runtime';

import { disableZodEvalProbe } from './app/no-eval.config';
import { remoteFailurePlugin } from './app/remote-failure.plugin';
import { remoteRegistry } from './app/remote-registry';

// Remote URLs are runtime configuration: register them from the manifest the edge serves,
// then start React. If the manifest cannot be read, the shell still starts and every
// remote shows its friendly fallback (its retry asks for the manifest again).
disableZodEvalProbe();
registerPlugins([remoteFailurePlugin()]);
remoteRegistry
  .ready()
  .catch((error: unknown) => console.warn('[shell] remote manifest unavailable:', error))
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'))
  .catch((error: unknown) => console.error('[shell] failed to start:', error));
