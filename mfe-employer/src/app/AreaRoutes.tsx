import { LoadingState } from '@meritmatch/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CompanyProfilePage } from '../features/company-profile/CompanyProfilePage';
import { EmployerGate } from './EmployerGate';

// Search and the requests list load when first opened: the area's entry stays small, and a
// tab keeps asking this build's chunks for them (kept through a redeploy by the server).
const SearchPage = lazy(() =>
  import('../features/search/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const RequestsPage = lazy(() =>
  import('../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage })),
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;

/** Mounted by the shell under /employer/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<EmployerGate />}>
        <Route index element={<CompanyProfilePage />} />
        <Route path="search" element={page(<SearchPage />)} />
        <Route path="requests" element={page(<RequestsPage />)} />
        <Route path="*" element={<Navigate to="/employer" replace />} />
      </Route>
    </Routes>
  );
}
