import { useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../components/AuthLayout.js';
import { EmailField, FormField } from '../components/FormField.js';
import { Notice } from '../components/Notice.js';
import { useAsyncAction } from '../components/use-async-action.js';
import { useSession } from '../session/session-context.js';
import { noticeFrom } from './navigation-notice.js';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction();
  const notice = noticeFrom(location.state);

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void run(
      async () => {
        await login(email, password);
        void navigate('/home');
      },
      { keepBusyOnSuccess: true },
    );
  }

  return (
    <AuthLayout title="Login">
      {notice && <Notice tone="success">{notice}</Notice>}
      <form className="auth__form" onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} />
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
