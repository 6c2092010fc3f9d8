// The router the shell and the remotes share (as `react-router-dom`, one instance): the parts
// of react-router the product uses, so that the shared chunk carries only those. A module
// shared across builds cannot be tree-shaken (nobody knows what a later remote will import),
// and react-router-dom whole (its data router, server rendering, cookies and sessions) was a
// third of what the shell loads for `/`. A web app importing a name missing here fails its test
// (router.test.mjs); add the name here then.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
