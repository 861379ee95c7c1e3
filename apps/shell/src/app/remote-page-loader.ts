import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

import { remoteRegistry, type RemoteRegistry } from './remote-registry';

/** The remotes of this product; each exposes './Module'. */
export type RemoteName = 'public' | 'registration' | 'downloads' | 'schools' | 'admin';

/**
 * What every remote's `./Module` (its src/remote-entry.ts) provides: a component that
 * renders the remote's pages for the current location (absolute paths).
 */
export interface RemotePageModule {
  default: ComponentType;
}

export interface RemotePageLoader {
  /** The same promise for the same remote (fulfilled or rejected) until it is forgotten. */
  load(remote: RemoteName): Promise<RemotePageModule>;
  /** Drops a remembered attempt so that the next load really loads again. */
  forget(remote: RemoteName): void;
}

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: RemoteName,
    options?: { cause?: unknown },
  ) {
    super(`The ${remote} remote could not be loaded.`, options);
  }
}

export interface RemotePageLoaderDeps {
  registry: Pick<RemoteRegistry, 'ready'>;
  loadModule: (id: string) => Promise<unknown>;
}

function isRemotePageModule(value: unknown): value is RemotePageModule {
  return typeof value === 'object' && value !== null && typeof (value as { default?: unknown }).default === 'function';
}

export function createRemotePageLoader(deps: RemotePageLoaderDeps): RemotePageLoader {
  const loads = new Map<RemoteName, Promise<RemotePageModule>>();

  async function loadOnce(remote: RemoteName): Promise<RemotePageModule> {
    let loaded: unknown;
    try {
      await deps.registry.ready();
      loaded = await deps.loadModule(`${remote}/Module`);
    } catch (cause) {
      throw new RemoteUnavailableError(remote, { cause });
    }
    if (!isRemotePageModule(loaded)) throw new RemoteUnavailableError(remote);
    return loaded;
  }

  return {
    load(remote) {
      // A failure is remembered too (React renders again before it shows an error, and
      // must see the same rejected promise); the boundary's "Try again" forgets it.
      let loading = loads.get(remote);
      if (!loading) {
        loading = loadOnce(remote);
        loads.set(remote, loading);
      }
      return loading;
    },
    forget(remote) {
      loads.delete(remote);
    },
  };
}

/** The loader the shell uses: the module federation runtime, fed by the manifest. */
export const federationPageLoader = createRemotePageLoader({
  registry: remoteRegistry,
  loadModule: (id) => loadRemote(id),
});
