// The API has no password-reset call (see docs/decisions.md#auth), so the studio sends reset links; this screen says so
// rather than pretending to send mail. /password_reset/:id lands here from such a link.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';

export default function PasswordResetScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const title = usePageTitle(id ? 'auth.passwordResetNewTitle' : 'auth.passwordResetTitle');
  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title" className="auth-card__title">{title}</h1>
      <p>{t('auth.passwordResetUnavailable')}</p>
      <p className="auth-card__links"><Link to="/login">{t('auth.backToLogin')}</Link></p>
    </section>
  );
}
