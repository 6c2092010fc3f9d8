import { LoadingState } from '@meritmatch/ui';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CompanyProfilePage } from '../features/company-profile/CompanyProfilePage';
import { EmployerGate } from './EmployerGate';
import { PositionsPage, RequestsPage, SavedSearchesPage, SearchPage } from './pages';

const page = (element: ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;

/** Mounted by the shell under /employer/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<EmployerGate />}>
        <Route index element={<CompanyProfilePage />} />
        <Route path="search" element={page(<SearchPage />)} />
        <Route path="saved-searches" element={page(<SavedSearchesPage />)} />
        <Route path="positions" element={page(<PositionsPage />)} />
        <Route path="requests" element={page(<RequestsPage />)} />
        <Route path="*" element={<Navigate to="/employer" replace />} />
      </Route>
    </Routes>
  );
}
