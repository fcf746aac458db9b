import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { describeError } from '../../../ui/describe-error';
import { useAuth } from '../../../data/hooks/auth';
import { signIn } from '../../../data/auth';
import { validateLogin, type LoginErrors } from '../../../domain/forms';
import { useOnline } from '../../../ui/use-online';
import { Button } from '../../../ui/button/index';

export default function LoginScreen() {
  const { t } = useTranslation();
  const title = usePageTitle('auth.loginTitle');
  const auth = useAuth();
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateLogin({ email, password });
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from ?? '/', { replace: true });
    } catch (error) {
      setFormError(describeError(error, t));
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{title}</h1>
      {auth?.reason === 'expired' && <p className="notice notice--info" role="status">{t('auth.sessionExpired')}</p>}
      {!online && <p className="notice notice--warning" role="status">{t('auth.offlineSignIn')}</p>}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="login-email">{t('auth.email')}</label>
          <input
            id="login-email" className="input" type="email" name="email" autoComplete="username" inputMode="email"
            value={email} onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'login-email-error' : undefined}
          />
          {errors.email && <p id="login-email-error" className="field__error">{t(errors.email)}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="login-password">{t('auth.password')}</label>
          <input
            id="login-password" className="input" type="password" name="password" autoComplete="current-password"
            value={password} onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.password ? true : undefined} aria-describedby={errors.password ? 'login-password-error' : undefined}
          />
          {errors.password && <p id="login-password-error" className="field__error">{t(errors.password)}</p>}
        </div>
        {formError && <p className="notice notice--danger" role="alert">{formError}</p>}
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
      <p className="auth-card__links"><Link to="/password_reset">{t('auth.forgotPassword')}</Link></p>
    </section>
  );
}
