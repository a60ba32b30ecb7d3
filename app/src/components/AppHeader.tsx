import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/index.js';
import { useSession } from '../session/session-context.js';
import { Notice } from './Notice.js';
import { SiteHeader } from './SiteHeader.js';

/** The header of the logged-in pages: Learning Hub, Results, Pricing and Logout. */
export function AppHeader() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onLogout() {
    setBusy(true);
    setError(undefined);
    try {
      await logout();
      void navigate('/');
    } catch (caught) {
      setError(`Could not log out: ${errorMessage(caught)}`);
      setBusy(false);
    }
  }

  return (
    <>
      <SiteHeader>
        <NavLink to="/home" className="button button--ghost">
          Learning Hub
        </NavLink>
        <NavLink to="/results" className="button button--ghost">
          Results
        </NavLink>
        <NavLink to="/pricing" className="button button--ghost">
          Pricing
        </NavLink>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void onLogout()}
          disabled={busy}
        >
          Logout
        </button>
      </SiteHeader>
      {error && (
        <div className="page-notices">
          <Notice tone="error" onDismiss={() => setError(undefined)}>
            {error}
          </Notice>
        </div>
      )}
    </>
  );
}
