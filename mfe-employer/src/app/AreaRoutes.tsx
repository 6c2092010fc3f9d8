import { Navigate, Route, Routes } from 'react-router-dom';
import { CompanyProfilePage } from '../features/company-profile/CompanyProfilePage';
import { EmployerGate } from './EmployerGate';
import { PositionsPage, RequestsPage, SavedSearchesPage, SearchPage } from './pages';

/** Mounted by the shell under /employer/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<EmployerGate />}>
        <Route index element={<CompanyProfilePage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="saved-searches" element={<SavedSearchesPage />} />
        <Route path="positions" element={<PositionsPage />} />
        <Route path="requests" element={<RequestsPage />} />
        <Route path="*" element={<Navigate to="/employer" replace />} />
      </Route>
    </Routes>
  );
}
