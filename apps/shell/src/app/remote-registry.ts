import { registerRemotes } from '@module-federation/enhanced/runtime';

import { fetchRemoteManifest, type RemoteEntry } from './remote-manifest';

export interface RemoteRegistry {
  /** Resolves once the remotes of the manifest are registered with the federation runtime. */
  ready(): Promise<void>;
}

export interface RemoteRegistryDeps {
  fetchManifest: () => Promise<RemoteEntry[]>;
  register: (remotes: RemoteEntry[]) => void;
}

/**
 * Registers the manifest's remotes once. A failed attempt is forgotten, so the next
 * caller (e.g. the "Try again" of a RemoteBoundary) asks for the manifest again.
 */
export function createRemoteRegistry(deps: RemoteRegistryDeps): RemoteRegistry {
  let registration: Promise<void> | undefined;
  return {
    ready() {
      if (!registration) {
        const attempt = deps.fetchManifest().then((remotes) => deps.register(remotes));
        registration = attempt;
        attempt.catch(() => {
          if (registration === attempt) registration = undefined;
        });
      }
      return registration;
    },
  };
}

export const remoteRegistry = createRemoteRegistry({
  fetchManifest: () => fetchRemoteManifest(),
  register: (remotes) => registerRemotes(remotes),
});
