import '../employer.css';
import { AreaApp } from '@meritmatch/web-kit/area';
import { AreaRoutes } from '../app/AreaRoutes';

/** The one entry the shell loads for /employer/*. */
export default function App() {
  return (
    <AreaApp>
      <AreaRoutes />
    </AreaApp>
  );
}
