import { isDevelopmentDeployment } from './runtime-config';

type WithConfig = typeof globalThis & { __KBE_CONFIG__?: unknown };

afterEach(() => {
  delete (globalThis as WithConfig).__KBE_CONFIG__;
});

describe('the deployment', () => {
  it('is a development one only when its runtime config says exactly that', () => {
    expect(isDevelopmentDeployment()).toBe(false);
    (globalThis as WithConfig).__KBE_CONFIG__ = { deployment: 'development' };
    expect(isDevelopmentDeployment()).toBe(true);
    for (const deployment of ['production', true, { development: true }]) {
      (globalThis as WithConfig).__KBE_CONFIG__ = { deployment };
      expect(isDevelopmentDeployment()).toBe(false);
    }
  });
});
