/** One remote as the federation runtime registers it. */
export interface RemoteEntry {
  name: string;
  entry: string;
}

export class RemoteManifestError extends Error {
  override readonly name = 'RemoteManifestError';
}

export const REMOTE_MANIFEST_URL = '/module-federation.manifest.json';

/**
 * Reads `{ "public": "/remotes/public/remoteEntry.js", ... }` into remote entries.
 * Anything else is a deployment mistake and is reported as such, not half-used.
 */
export function parseRemoteManifest(value: unknown): RemoteEntry[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemoteManifestError('The remote manifest must be an object of remote name to remoteEntry.js URL.');
  }
  return Object.entries(value).map(([name, entry]) => {
    if (!/^[a-z][a-z0-9_-]*$/i.test(name)) {
      throw new RemoteManifestError(`The remote manifest names an invalid remote "${name}".`);
    }
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new RemoteManifestError(`The remote manifest gives no URL for remote "${name}".`);
    }
    return { name, entry };
  });
}

export async function fetchRemoteManifest(
  fetchJson: (url: string) => Promise<Response> = (url) => fetch(url, { cache: 'no-cache' }),
): Promise<RemoteEntry[]> {
  const response = await fetchJson(REMOTE_MANIFEST_URL);
  if (!response.ok) {
    throw new RemoteManifestError(`The remote manifest could not be loaded (HTTP ${response.status}).`);
  }
  return parseRemoteManifest(await response.json());
}
