import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../components/AuthLayout.js';
import { EmailField } from '../components/FormField.js';
import { Notice } from '../components/Notice.js';
import { useAsyncAction } from '../components/use-async-action.js';
import { useApi } from '../session/session-context.js';

export const RESET_SENT_NOTICE = 'instructions to reset your password have been sent to your email';

export function PasswordRecoveryPage() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAsyncAction();

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void run(async () => {
      await api.requestPasswordReset(email);
      setSent(true);
    });
  }

  return (
    <AuthLayout title="Reset your password">
      <p className="auth__lead">
        Enter the email you registered with and we will send you a link to choose a new password.
      </p>
      {sent && <Notice tone="success">{RESET_SENT_NOTICE}</Notice>}
      <form className="auth__form" onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} />
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          Continue
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login">Login</Link>
        <Link to="/register">Register</Link>
      </p>
    </AuthLayout>
  );
}
