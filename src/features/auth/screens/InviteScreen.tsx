// /invite, /invite/:token and /signup(?invite=…) share this screen. With an invitation: who
// invites whom, and the sign-up form (the invited email filled in, the password rules ticked off
// as typed, the language, the studio's terms and privacy policy to read and accept), or "sign in
// to accept" for a member. Without one: where to find it, and a field to paste its link. Online only.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { SUPPORTED_LOCALES, resolveLocale } from '../../../../core/locales';
import { passwordProblems } from '../../../../core/rules/password';
import { validateProfile, type ProfileErrors } from '../../../domain/forms';
import { changeLocale } from '../../../i18n/index';
import { Button } from '../../../ui/button/index';
import { describeError } from '../../../ui/describe-error';
import { Field } from '../../../ui/field/index';
import { Cluster } from '../../../ui/layout/index';
import { Modal } from '../../../ui/modal/index';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { useAuth } from '../../../data/hooks/auth';
import { getInvitation, signUp, type Invitation } from '../invite';
import { PasswordRules } from './PasswordRules';

/** The token from a pasted invitation link, or the code itself. */
export function inviteToken(text: string): string {
  const trimmed = text.trim();
  return /\/invite\/([\w-]+)/.exec(trimmed)?.[1] ?? /(?:[?&]invite=)([\w-]+)/.exec(trimmed)?.[1] ?? trimmed;
}

export default function InviteScreen() {
  const { token: fromPath } = useParams();
  const [params] = useSearchParams();
  const token = fromPath ?? params.get('invite');
  return token ? <SignUp token={token} /> : <FindInvitation />;
}

function FindInvitation() {
  const { t } = useTranslation('profile');
  const title = usePageTitle('auth.inviteTitle');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A member signed in pastes a link too (to join another organisation): a page of the app then.
  const signedIn = useAuth()?.status === 'authenticated';
  return (
    <section className={signedIn ? 'page' : 'auth-card'} aria-labelledby="page-title">
      <h1 id="page-title" className={signedIn ? 'page__title' : 'auth-card__title'}>{title}</h1>
      <p>{t('invite.codeHint')}</p>
      <form className="form" noValidate onSubmit={(event) => {
        event.preventDefault();
        const token = inviteToken(text);
        if (!token) return setError(t('invite.codeRequired'));
        navigate(`/invite/${encodeURIComponent(token)}`);
      }}>
        <Field id="invite-code" label={t('invite.codeLabel')} error={error}>
          {(aria) => <input {...aria} className="input" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />}
        </Field>
        <Button variant="primary" block type="submit">{t('invite.open')}</Button>
      </form>
      {!signedIn && <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>}
    </section>
  );
}

function SignUp({ token }: { token: string }) {
  const { t, i18n } = useTranslation('profile');
  const { t: shellT } = useTranslation();
  const title = usePageTitle('auth.signupTitle');
  const online = useOnline();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<Invitation | 'checking' | string>('checking');
  const [values, setValues] = useState({ first_name: '', last_name: '', email: '' });
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [reading, setReading] = useState<'terms' | 'privacy' | null>(null);
  const [errors, setErrors] = useState<ProfileErrors & { password?: boolean; terms?: boolean }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locale = resolveLocale(i18n.language);

  useEffect(() => {
    let live = true;
    getInvitation(token).then(
      (found) => {
        if (!live) return;
        setInvitation(found);
        setValues((v) => ({ ...v, email: v.email || found.email }));
      },
      (failure: unknown) => live && setInvitation(describeError(failure, shellT)),
    );
    return () => {
      live = false;
    };
  }, [token, shellT]);

  // The studio's terms and privacy policy are accepted only when it has published them, and then
  // they can be read here first (docs/decisions.md#invitations-and-sign-up).
  const asksTerms = typeof invitation === 'object' && Boolean(invitation.org.terms || invitation.org.privacy_policy);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = { ...validateProfile(values), ...(passwordProblems(password).length > 0 && { password: true }), ...(asksTerms && !terms && { terms: true }) };
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await signUp(token, { ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim(), password, locale, terms_accepted: asksTerms });
      navigate('/classes', { replace: true });
    } catch (failure) {
      setFormError(describeError(failure, shellT));
      setBusy(false);
    }
  }

  const field = (key: keyof typeof values, label: string, autoComplete: string, type = 'text') => (
    <Field id={`signup-${key}`} label={label} error={errors[key] && t(errors[key])}>
      {(aria) => <input {...aria} className="input" type={type} autoComplete={autoComplete} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />}
    </Field>
  );

  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{typeof invitation === 'object' ? t('invite.title', { org: invitation.org.name }) : title}</h1>
      {!online && <p className="notice notice--warning" role="status">{t('invite.offline')}</p>}
      {invitation === 'checking' ? (
        <p role="status">{t('invite.checking')}</p>
      ) : typeof invitation === 'string' ? (
        <p className="notice notice--danger" role="alert" data-testid="invite-invalid">{invitation}</p>
      ) : (
        <>
          <p data-testid="invite-intro">{t('invite.intro', { org: invitation.org.name, facility: invitation.facility.name })}</p>
          <form className="form" onSubmit={submit} noValidate>
            {field('first_name', t('profile.firstName'), 'given-name')}
            {field('last_name', t('profile.lastName'), 'family-name')}
            {field('email', t('auth.email'), 'email', 'email')}
            <Field id="signup-password" label={t('auth.password')} error={errors.password ? t('auth.passwordRuleUnmet') : undefined}>
              {(aria) => <input {...aria} className="input" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <PasswordRules password={password} />
            <Field id="signup-locale" label={t('settings.language')}>
              {(aria) => (
                <select {...aria} className="input" value={locale} onChange={(e) => void changeLocale(e.target.value)}>
                  {SUPPORTED_LOCALES.map((l) => <option key={l} value={l} lang={l}>{t(`locales.${l}`)}</option>)}
                </select>
              )}
            </Field>
            {asksTerms && (
              <>
                <label className="check">
                  <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} aria-invalid={errors.terms || undefined} aria-describedby={errors.terms ? 'signup-terms-error' : undefined} />
                  <span>{t(invitation.org.terms && invitation.org.privacy_policy ? 'invite.terms' : invitation.org.terms ? 'invite.termsOnly' : 'invite.privacyOnly')}</span>
                </label>
                {errors.terms && <p id="signup-terms-error" className="field__error">{t('invite.termsRequired')}</p>}
                <Cluster>
                  {invitation.org.terms && <Button size="sm" variant="ghost" onClick={() => setReading('terms')}>{t('invite.readTerms')}</Button>}
                  {invitation.org.privacy_policy && <Button size="sm" variant="ghost" onClick={() => setReading('privacy')}>{t('invite.readPrivacy')}</Button>}
                </Cluster>
              </>
            )}
            {formError && <p className="notice notice--danger" role="alert">{formError}</p>}
            <Button variant="primary" block type="submit" disabled={busy || !online}>{t('invite.create')}</Button>
          </form>
          <p className="auth-card__links">
            <Link to="/login" state={{ from: `/profile?invite=${encodeURIComponent(token)}` }}>{t('invite.haveAccount')}</Link>
          </p>
          <StudioDocument org={invitation.org.name} which={reading} text={reading === 'terms' ? invitation.org.terms : reading === 'privacy' ? invitation.org.privacy_policy : null} onClose={() => setReading(null)} />
        </>
      )}
      <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>
    </section>
  );
}

/** The studio's terms or privacy policy, to read without leaving the form (what was typed stays). */
function StudioDocument({ org, which, text, onClose }: { org: string; which: 'terms' | 'privacy' | null; text: string | null | undefined; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: shellT } = useTranslation();
  return (
    <Modal open={which !== null && Boolean(text)} onClose={onClose} title={which === 'privacy' ? t('invite.privacyTitle', { org }) : t('invite.termsTitle', { org })}
      footer={<Button onClick={onClose}>{shellT('common.close')}</Button>}>
      <div className="stack stack--sm" data-testid="studio-document">
        {(text ?? '').split(/\n\s*\n/).map((paragraph, i) => <p key={i}>{paragraph.trim()}</p>)}
      </div>
    </Modal>
  );
}
