import { fetchRemoteManifest, parseRemoteManifest, RemoteManifestError } from './remote-manifest';

describe('remote manifest', () => {
  it('turns the manifest into remote entries', () => {
    expect(parseRemoteManifest({ public: '/remotes/public/remoteEntry.js', admin: 'https://cdn.example.org/admin/remoteEntry.js' })).toEqual([
      { name: 'public', entry: '/remotes/public/remoteEntry.js' },
      { name: 'admin', entry: 'https://cdn.example.org/admin/remoteEntry.js' },
    ]);
  });

  it.each([
    [[], 'must be an object'],
    [null, 'must be an object'],
    [{ public: 42 }, 'gives no URL for remote "public"'],
    [{ public: ' ' }, 'gives no URL for remote "public"'],
    [{ 'bad name': '/x.js' }, 'invalid remote "bad name"'],
  ])('rejects %j with a clear message', (manifest, message) => {
    expect(() => parseRemoteManifest(manifest)).toThrow(RemoteManifestError);
    expect(() => parseRemoteManifest(manifest)).toThrow(message);
  });

  it('reports an HTTP failure instead of registering nothing', async () => {
    const fetchJson = async () => ({ ok: false, status: 404, json: async () => ({}) }) as Response;
    await expect(fetchRemoteManifest(fetchJson)).rejects.toThrow('The remote manifest could not be loaded (HTTP 404).');
  });
});
