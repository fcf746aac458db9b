import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { Avatar } from '../../../ui/avatar/index';
import { useCurrentAccount, useFacility, useMember, useProfile } from '../../../data/hooks/auth';
import { resolveLocale } from '../../../../core/locales';

export default function ProfileScreen() {
  const { t } = useTranslation('profile');
  const title = usePageTitle('titles.profile');
  const profile = useProfile();
  const account = useCurrentAccount();
  const facility = useFacility();
  const member = useMember();
  const [params] = useSearchParams();
  if (!profile) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {params.get('invite') && <p className="notice notice--info" role="status">{t('profile.inviteHint')}</p>}
      {params.get('password_reset') && <p className="notice notice--info" role="status">{t('profile.passwordResetHint')}</p>}
      <div className="card profile-card">
        <Avatar name={profile.full_name} src={profile.avatar.is_set ? profile.avatar.thumb_url : null} size="lg" />
        <div>
          <h2 className="profile-card__name">{profile.full_name}</h2>
          <p className="muted">{profile.email}</p>
        </div>
      </div>
      <dl className="card details">
        <dt>{t('profile.language')}</dt>
        <dd>{t(`locales.${resolveLocale(profile.locale)}`)}</dd>
        <dt>{t('profile.trackTraining')}</dt>
        <dd>{profile.track_training ? t('common.yes') : t('common.no')}</dd>
        {account && <><dt>{t('org.picker')}</dt><dd>{account.org.name}</dd></>}
        {facility && <><dt>{t('profile.facilities')}</dt><dd>{facility.name}</dd></>}
      </dl>
      {member && account && (
        <dl className="card details" aria-label={t('profile.membership', { org: account.org.name })}>
          <dt>{t('profile.phone')}</dt>
          <dd>{member.phone || t('common.none')}</dd>
          <dt>{t('profile.address')}</dt>
          <dd>{member.address || t('common.none')}</dd>
          <dt>{t('profile.emergencyContact')}</dt>
          <dd>{member.emergency_contact || t('common.none')}</dd>
        </dl>
      )}
      <div className="btn-row">
        <Link className="btn btn--primary" to="/profile/edit">{t('profile.edit')}</Link>
        <Link className="btn btn--secondary" to="/profile/facilities">{t('profile.facilities')}</Link>
        <Link className="btn btn--ghost" to="/settings">{t('nav.settings')}</Link>
      </div>
    </section>
  );
}
