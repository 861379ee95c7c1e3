import type { ModuleFederation } from '@module-federation/enhanced/runtime';

import { remoteFailurePlugin } from './remote-failure.plugin';

describe('remoteFailurePlugin', () => {
  it('reports which remote failed and why, and lets the failure reach the boundary', async () => {
    const reports: string[] = [];
    const plugin = remoteFailurePlugin((message) => reports.push(message));

    const result = await plugin.errorLoadRemote?.({
      id: 'public/Module',
      error: new Error('Loading script failed.'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: {} as ModuleFederation,
    });

    expect(result).toBeUndefined();
    expect(reports).toEqual(['[shell] remote module public/Module failed to load (onLoad): Loading script failed.']);
  });
});
