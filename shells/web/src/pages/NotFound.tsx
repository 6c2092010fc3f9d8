import { Link } from 'react-router-dom';

export default function NotFound() {
  return (
    <div className="container page">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link to="/">Back to the home page</Link>
    </div>
  );
}
