import { chromePaths, pageStatus, remoteRouteFor } from './remote-routes';

describe('remoteRouteFor', () => {
  it.each([
    ['/', 'public', true],
    ['/einstein-quest', 'public', true],
    ['/einstein-quest/about', 'public', true],
    ['/einstein-quest/no-such-page', 'public', true],
    ['/einstein-quest/online-registrations', 'registration', true],
    ['/einstein-quest/downloads', 'downloads', true],
    ['/einstein-quest/school-portal', 'schools', true],
    ['/admin', 'admin', false],
    ['/admin/dashboard', 'admin', false],
  ])('%s is rendered by the %s remote (chrome: %s)', (path, remote, chrome) => {
    expect(remoteRouteFor(path)).toEqual(expect.objectContaining({ remote, chrome }));
  });

  it('lists the fixed paths inside the public chrome', () => {
    expect(chromePaths()).toEqual(['/einstein-quest/online-registrations', '/einstein-quest/downloads', '/einstein-quest/school-portal']);
  });
});

describe('pageStatus (the edge answers 404 where a path is no page)', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/test', '/admin/dashboard', '/admin/dashboard/'])('%s is an admin screen', (path) => {
    expect(pageStatus(path)).toEqual({ found: true });
  });

  it.each(['/admin/nope', '/admin/login/extra', '/admin/dashboards'])('%s is the admin area\'s 404, with its own title', (path) => {
    expect(pageStatus(path)).toEqual({ found: false, title: 'Page Not Found | Admin' });
  });

  it.each(['/einstein-quest/online-registrations', '/einstein-quest/downloads', '/einstein-quest/downloads/', '/einstein-quest/school-portal'])('%s is the page of its remote', (path) => {
    expect(pageStatus(path)).toEqual({ found: true });
  });

  it.each(['/', '/einstein-quest/about', '/nope', '/einstein-quest/nope', '/mr/'])('%s is for the public remote to tell', (path) => {
    expect(pageStatus(path)).toEqual({});
  });
});
