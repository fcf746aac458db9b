// /password_reset asks for a reset link by email; /password_reset/:id (the link in that email) sets
// a new password, with the length rules shown as the member types, then signs in. Online only:
// both need the server, and say so offline instead of failing.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { passwordProblems } from '../../../../core/rules/password';
import { isEmail } from '../../../domain/forms';
import { Button } from '../../../ui/button/index';
import { describeError } from '../../../ui/describe-error';
import { Field } from '../../../ui/field/index';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { checkPasswordReset, requestPasswordReset, resetPassword } from '../reset';
import { PasswordRules } from './PasswordRules';

export default function PasswordResetScreen() {
  const { id } = useParams();
  return id ? <NewPassword token={id} /> : <AskForLink />;
}

function AskForLink() {
  const { t } = useTranslation();
  const title = usePageTitle('auth.passwordResetTitle');
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem = !email.trim() ? t('auth.emailRequired') : !isEmail(email) ? t('auth.emailInvalid') : null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      setFormError(describeError(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{title}</h1>
      {sent ? (
        <p className="notice notice--info" role="status" data-testid="reset-sent">{t('auth.resetLinkSent')}</p>
      ) : (
        <>
          <p>{t('auth.passwordResetIntro')}</p>
          {!online && <p className="notice notice--warning" role="status">{t('auth.resetOffline')}</p>}
          <form className="form" onSubmit={submit} noValidate>
            <Field id="reset-email" label={t('auth.email')} error={error ?? undefined}>
              {(aria) => <input {...aria} className="input" type="email" name="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            {formError && <p className="notice notice--danger" role="alert">{formError}</p>}
            <Button variant="primary" block type="submit" disabled={busy || !online}>{t('auth.passwordResetSend')}</Button>
          </form>
        </>
      )}
      <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>
    </section>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const title = usePageTitle('auth.passwordResetNewTitle');
  const online = useOnline();
  const navigate = useNavigate();
  const [link, setLink] = useState<'checking' | 'usable' | string>('checking');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    checkPasswordReset(token).then(
      () => live && setLink('usable'),
      (failure: unknown) => live && setLink(describeError(failure, t)),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  const problems = passwordProblems(password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setFormError(null);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      navigate('/', { replace: true });
    } catch (failure) {
      setFormError(describeError(failure, t));
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{title}</h1>
      {!online && <p className="notice notice--warning" role="status">{t('auth.resetOffline')}</p>}
      {link === 'checking' ? (
        <p role="status">{t('auth.resetLinkChecking')}</p>
      ) : link !== 'usable' ? (
        <>
          <p className="notice notice--danger" role="alert" data-testid="reset-invalid">{link}</p>
          <p className="auth-card__links"><Link to="/password_reset">{t('auth.askNewLink')}</Link></p>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <Field id="reset-password" label={t('auth.newPassword')} error={touched && problems.length > 0 ? t('auth.passwordRuleUnmet') : undefined}>
            {(aria) => <input {...aria} className="input" type="password" name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
          <PasswordRules password={password} />
          {formError && <p className="notice notice--danger" role="alert">{formError}</p>}
          <Button variant="primary" block type="submit" disabled={busy || !online}>{t('auth.setPassword')}</Button>
        </form>
      )}
      <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>
    </section>
  );
}
