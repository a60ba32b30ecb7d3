import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../components/AuthLayout.js';
import { NewPasswordField } from '../components/FormField.js';
import { Notice } from '../components/Notice.js';
import { useAsyncAction } from '../components/use-async-action.js';
import { useApi } from '../session/session-context.js';
import { withNotice } from './navigation-notice.js';

export const PASSWORD_UPDATED_NOTICE = 'Your password has been updated';

export function PasswordResetPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('e') ?? '';
  const token = params.get('tk') ?? '';
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction();
  const linkComplete = email !== '' && token !== '';

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void run(
      async () => {
        const answer = await api.resetPassword(email, token, password);
        void navigate('/login', { state: withNotice(answer.message || PASSWORD_UPDATED_NOTICE) });
      },
      { keepBusyOnSuccess: true },
    );
  }

  return (
    <AuthLayout title="Choose a new password">
      {linkComplete ? (
        <p className="auth__lead">
          For <strong>{email}</strong>
        </p>
      ) : (
        <Notice tone="error">
          This reset link is incomplete. Open the link from the email again, or{' '}
          <Link to="/password-recovery">request a new one</Link>.
        </Notice>
      )}
      <form className="auth__form" onSubmit={onSubmit}>
        <NewPasswordField
          label="New password"
          name="new-password"
          value={password}
          onValue={setPassword}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || !linkComplete}
        >
          Continue
        </button>
      </form>
    </AuthLayout>
  );
}
