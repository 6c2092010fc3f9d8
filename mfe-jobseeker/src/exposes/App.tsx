import '../jobseeker.css';
import { AreaApp } from '@meritmatch/web-kit/area';
import { AreaRoutes } from '../app/AreaRoutes';

/** The one entry the shell loads for /job-seeker/*. */
export default function App() {
  return (
    <AreaApp>
      <AreaRoutes />
    </AreaApp>
  );
}
