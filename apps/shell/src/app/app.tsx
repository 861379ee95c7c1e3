import * as React from 'react';
import NxWelcome from "./nx-welcome";
import { Link, Route, Routes } from 'react-router-dom';

const Public = React.lazy(() => import('public/Module'));
const Registration = React.lazy(() => import('registration/Module'));
const Downloads = React.lazy(() => import('downloads/Module'));
const Admin = React.lazy(() => import('admin/Module'));

export function App() {
  return (
    <React.Suspense fallback={null}>
      <ul>
        <li><Link to="/">Home</Link></li>
        <li><Link to="/public">Public</Link></li>
        <li><Link to="/registration">Registration</Link></li>
        <li><Link to="/downloads">Downloads</Link></li>
        <li><Link to="/admin">Admin</Link></li>
      </ul>
      <Routes>
        <Route path="/" element={<NxWelcome title="shell"/>} />
        <Route path="/public" element={<Public/>} />
        <Route path="/registration" element={<Registration/>} />
        <Route path="/downloads" element={<Downloads/>} />
        <Route path="/admin" element={<Admin/>} />
      </Routes>
    </React.Suspense>
  );
}

export default App;
