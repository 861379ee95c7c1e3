import { Outlet, Route, Routes } from 'react-router-dom';

import { PublicLayout } from './public-layout';
import { RemoteBoundary } from './remote-boundary';

function PublicChrome() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/**
 * The shell owns the router: which remote renders which path, and the public chrome around
 * everything but /admin. The public remote renders every other path, including its 404.
 */
export function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={<RemoteBoundary remote="admin" />} />
      <Route element={<PublicChrome />}>
        <Route path="/einstein-quest/online-registrations" element={<RemoteBoundary remote="registration" />} />
        <Route path="/einstein-quest/downloads" element={<RemoteBoundary remote="downloads" />} />
        <Route path="*" element={<RemoteBoundary remote="public" />} />
      </Route>
    </Routes>
  );
}

export default App;
