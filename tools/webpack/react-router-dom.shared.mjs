// What the front ends share as `react-router-dom` (tools/webpack/federation.options.ts): the part of
// the router they use, not the whole package. A shared module cannot be tree-shaken (another
// container may use any export), so sharing the package itself put its data routers, forms and
// fetchers (unused here) on every first load: 26.6 KB gzipped, this slice is half of it.
// The module boundary of every container still holds one router (one context), as before.
// A name missing here fails the build of the container that imports it
// (tools/webpack/shared-router.test.mjs checks the sources as well): add it here.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useHref,
  useInRouterContext,
  useLocation,
  useNavigate,
} from 'react-router-dom/dist/index.js';
