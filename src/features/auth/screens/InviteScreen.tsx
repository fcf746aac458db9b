// /invite, /invite/:token and /signup share one screen.
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';

export default function InviteScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = usePageTitle(pathname.startsWith('/signup') ? 'auth.signupTitle' : 'auth.inviteTitle');
  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{title}</h1>
      <p>{t('auth.inviteUnavailable')}</p>
      <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>
    </section>
  );
}
