import { useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/index.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { FormField } from '../components/FormField.js';
import { Notice } from '../components/Notice.js';
import { useSession } from '../session/session-context.js';
import { noticeFrom } from './navigation-notice.js';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const notice = noticeFrom(location.state);

  async function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await login(email, password);
      void navigate('/home');
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Login">
      {notice && <Notice tone="success">{notice}</Notice>}
      <form className="auth__form" onSubmit={(event) => void onSubmit(event)}>
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/password-recovery">Forgot password?</Link>
        <Link to="/register">Create a free account</Link>
      </p>
    </AuthLayout>
  );
}
