import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';

export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <main className="not-found">
        <h1>404 Page Not Found</h1>
        <p>There is no page at this address. It may have moved, or the link has a typo.</p>
        <Link to="/" className="button button--primary">
          Back to the start page
        </Link>
      </main>
    </>
  );
}
