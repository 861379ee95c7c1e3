import { chromePaths, remoteRouteFor } from './remote-routes';

describe('remoteRouteFor', () => {
  it.each([
    ['/', 'public', true],
    ['/einstein-quest', 'public', true],
    ['/einstein-quest/about', 'public', true],
    ['/einstein-quest/no-such-page', 'public', true],
    ['/einstein-quest/online-registrations', 'registration', true],
    ['/einstein-quest/downloads', 'downloads', true],
    ['/admin', 'admin', false],
    ['/admin/dashboard', 'admin', false],
  ])('%s is rendered by the %s remote (chrome: %s)', (path, remote, chrome) => {
    expect(remoteRouteFor(path)).toEqual(expect.objectContaining({ remote, chrome }));
  });

  it('lists the fixed paths inside the public chrome', () => {
    expect(chromePaths()).toEqual(['/einstein-quest/online-registrations', '/einstein-quest/downloads']);
  });
});
