import { registerPlugins } from '@module-federation/enhanced/runtime';

import { disableZodEvalProbe } from './app/no-eval.config';
import { remoteFailurePlugin } from './app/remote-failure.plugin';
import { remoteRegistry } from './app/remote-registry';

/** Lets the browser paint and handle input before the next piece of start-up work. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Remote URLs are runtime configuration: register them from the manifest the edge serves,
// then start React. If the manifest cannot be read, the shell still starts and every
// remote shows its friendly fallback (its retry asks for the manifest again).
disableZodEvalProbe();
registerPlugins([remoteFailurePlugin()]);
remoteRegistry
  .ready()
  .catch((error: unknown) => console.warn('[shell] remote manifest unavailable:', error))
  // React DOM is evaluated in a task of its own, then the application: two shorter tasks instead
  // of one long one on a phone's main thread (Lighthouse's total blocking time, issue 11).
  .then(() => import('react-dom/client'))
  .then(yieldToBrowser)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'))
  .catch((error: unknown) => console.error('[shell] failed to start:', error));
