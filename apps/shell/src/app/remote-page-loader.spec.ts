import { createRemotePageLoader, RemoteUnavailableError } from './remote-page-loader';
import { createRemoteRegistry } from './remote-registry';

const pageModule = { default: () => null };

describe('remote page loader', () => {
  it('loads each remote once while it works', async () => {
    const loadModule = jest.fn(async () => pageModule);
    const loader = createRemotePageLoader({ registry: { ready: async () => undefined }, loadModule });

    await loader.load('public');
    await loader.load('public');

    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(loadModule).toHaveBeenCalledWith('public/Module');
  });

  it('rejects a module without a default component', async () => {
    const loader = createRemotePageLoader({ registry: { ready: async () => undefined }, loadModule: async () => ({}) });
    await expect(loader.load('admin')).rejects.toThrow(new RemoteUnavailableError('admin'));
  });

  it('remembers a failure until it is forgotten, then asks for the manifest again', async () => {
    const fetchManifest = jest
      .fn()
      .mockRejectedValueOnce(new Error('HTTP 502'))
      .mockResolvedValueOnce([{ name: 'public', entry: '/remotes/public/remoteEntry.js' }]);
    const register = jest.fn();
    const loader = createRemotePageLoader({ registry: createRemoteRegistry({ fetchManifest, register }), loadModule: async () => pageModule });

    await expect(loader.load('public')).rejects.toThrow('The public remote could not be loaded.');
    await expect(loader.load('public')).rejects.toThrow('The public remote could not be loaded.');
    loader.forget('public');
    await expect(loader.load('public')).resolves.toBe(pageModule);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith([{ name: 'public', entry: '/remotes/public/remoteEntry.js' }]);
  });
});
