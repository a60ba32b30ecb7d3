import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../components/AuthLayout.js';
import { EmailField, NewPasswordField } from '../components/FormField.js';
import { Notice } from '../components/Notice.js';
import { useAsyncAction } from '../components/use-async-action.js';
import { useSession } from '../session/session-context.js';
import { withNotice } from './navigation-notice.js';

export const REGISTERED_NOTICE = 'successfully registered user';

export function RegisterPage() {
  const { register } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction();

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void run(
      async () => {
        await register(email, password);
        void navigate('/home', { state: withNotice(REGISTERED_NOTICE) });
      },
      { keepBusyOnSuccess: true },
    );
  }

  return (
    <AuthLayout title="Create a Free Account">
      <form className="auth__form" onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} />
        <NewPasswordField label="Password" name="password" value={password} onValue={setPassword} />
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing you up…' : 'Sign me up!'}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/login">Already have an account? - Login Here</Link>
      </p>
    </AuthLayout>
  );
}
