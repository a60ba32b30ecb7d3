import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';

export function LandingPage() {
  return (
    <>
      <SiteHeader>
        <Link to="/login" className="button button--ghost">
          Login
        </Link>
      </SiteHeader>
      <main className="landing">
        <section className="landing__intro">
          <h1 className="landing__headline">Practice S&amp;D Trading Interactively</h1>
          <p className="landing__lead">
            Learn to read candlesticks and mark supply and demand zones on real-looking charts. Draw
            your zone, press Run, and see at once whether you found it.
          </p>
          <p className="landing__callout">learning starts here</p>
          <div className="landing__actions">
            <Link to="/register" className="button button--primary">
              Create a free account
            </Link>
            <Link to="/login" className="button button--ghost">
              I already have an account
            </Link>
          </div>
        </section>
      </main>
    </>
  );
}
