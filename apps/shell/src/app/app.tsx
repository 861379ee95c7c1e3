import { Outlet, Route, Routes } from 'react-router-dom';

import { PublicLayout } from './public-layout';
import { RemoteBoundary } from './remote-boundary';
import { REMOTE_ROUTES } from './remote-routes';

function PublicChrome() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

const route = ({ path, remote }: (typeof REMOTE_ROUTES)[number]) => <Route key={path} path={path} element={<RemoteBoundary remote={remote} />} />;

/**
 * The shell owns the router: which remote renders which path (remote-routes.ts), and the
 * public chrome around everything but /admin. The public remote renders every other path,
 * including its 404.
 */
export function App() {
  return (
    <Routes>
      {REMOTE_ROUTES.filter((r) => !r.chrome).map(route)}
      <Route element={<PublicChrome />}>{REMOTE_ROUTES.filter((r) => r.chrome).map(route)}</Route>
    </Routes>
  );
}

export default App;
