import { Route, Routes } from 'react-router-dom';

export function AreaRoutes() {
  return (
    <Routes>
      <Route
        path="*"
        element={
          <div className="container page" data-testid="area-admin">
            <h1>Admin Dashboard</h1>
          </div>
        }
      />
    </Routes>
  );
}
