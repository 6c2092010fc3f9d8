import { Navigate, Route, Routes } from 'react-router-dom';
import { OverviewPage } from '../features/overview/OverviewPage';
import { RequestsPage } from '../features/requests/RequestsPage';
import { AreaLayout } from './AreaLayout';
import {
  AccessLogPage,
  ContactLogPage,
  EmailTemplatesPage,
  SearchLogPage,
  SystemSettingsPage,
  UsersPage,
} from './pages';

/** Mounted by the shell under /admin/*: paths here are relative to it, links are absolute. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="requests" element={<RequestsPage />} />
        <Route path="contact-log" element={<ContactLogPage />} />
        <Route path="access-log" element={<AccessLogPage />} />
        <Route path="search-log" element={<SearchLogPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="email-templates" element={<EmailTemplatesPage />} />
        <Route path="system-settings" element={<SystemSettingsPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
