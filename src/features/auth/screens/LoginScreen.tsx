import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { describeError } from '../../../ui/describe-error';
import { useAuth } from '../../../data/hooks/auth';
import { prepareSignIn, signIn } from '../../../data/sign-in';
import { whenIdle } from '../../../ui/first-content';
import { preparePullAfterSignIn, pullOpeningWeekAfterSignIn } from '../after-sign-in';
import { validateLogin, type LoginErrors } from '../../../domain/forms';
import { destinationAfterSignIn } from '../../../domain/destination';
import { useOnline } from '../../../ui/use-online';
import { Button } from '../../../ui/button/index';
import { Field } from '../../../ui/field/index';

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
  // The auth row usually flips before signIn's answer is in: the signed-in routes then take the
  // member where they were heading (SignedInOnLogin) and this screen is gone. Navigating again
  // then would take back a member who had already tapped on.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  // Once the form is up, what signing in will need loads while the member types.
  useEffect(() => {
    void whenIdle(1_000).then(() => {
      prepareSignIn();
      preparePullAfterSignIn();
    });
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateLogin({ email, password });
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const signedIn = await signIn(email.trim(), password);
      void pullOpeningWeekAfterSignIn(signedIn);
      if (shown.current) navigate(destinationAfterSignIn(location.state, signedIn.profileId), { replace: true });
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
        <Field id="login-email" label={t('auth.email')} error={errors.email && t(errors.email)}>
          {(aria) => (
            <input {...aria} className="input" type="email" name="email" autoComplete="username" inputMode="email"
              value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field id="login-password" label={t('auth.password')} error={errors.password && t(errors.password)}>
          {(aria) => (
            <input {...aria} className="input" type="password" name="password" autoComplete="current-password"
              value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        {formError && <p className="notice notice--danger" role="alert">{formError}</p>}
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
      <p className="auth-card__links"><Link to="/password_reset">{t('auth.forgotPassword')}</Link></p>
    </section>
  );
}
