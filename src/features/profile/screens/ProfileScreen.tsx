import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { AvatarEditor } from './AvatarEditor';
import './profile.css';
import { useCurrentAccount, useFacility, useMember, useProfile } from '../../../data/hooks/auth';
import { resolveLocale } from '../../../../core/locales';
import { ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Cluster, Stack } from '../../../ui/layout/index';
import { InviteAcceptCard } from '../../auth/public';

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
      {params.get('invite') && <InviteAcceptCard token={params.get('invite')!} />}
      {params.get('password_reset') && <p className="notice notice--info" role="status">{t('profile.passwordResetHint')}</p>}
      <div className="card profile-card">
        <div>
          <h2 className="profile-card__name">{profile.full_name}</h2>
          <p className="muted">{profile.email}</p>
        </div>
        <AvatarEditor profile={profile} />
      </div>
      <Stack>
        <Card>
          <KeyValueList items={[
            { id: 'language', label: t('profile.language'), value: t(`locales.${resolveLocale(profile.locale)}`) },
            { id: 'training', label: t('profile.trackTraining'), value: profile.track_training ? t('common.yes') : t('common.no') },
            account && { id: 'org', label: t('org.picker'), value: account.org.name },
            facility && { id: 'facility', label: t('profile.facilities'), value: facility.name },
          ]} />
        </Card>
        {member && account && (
          <Card aria-label={t('profile.membership', { org: account.org.name })}>
            <KeyValueList items={[
              { id: 'phone', label: t('profile.phone'), value: member.phone || t('common.none') },
              { id: 'address', label: t('profile.address'), value: member.address || t('common.none') },
              { id: 'emergency', label: t('profile.emergencyContact'), value: member.emergency_contact || t('common.none') },
            ]} />
          </Card>
        )}
        <Cluster>
          <ButtonLink variant="primary" to="/profile/edit">{t('profile.edit')}</ButtonLink>
          <ButtonLink to="/profile/facilities">{t('profile.facilities')}</ButtonLink>
          <ButtonLink to="/friends">{t('friends.profileLink')}</ButtonLink>
          <ButtonLink variant="ghost" to="/settings">{t('nav.settings')}</ButtonLink>
        </Cluster>
      </Stack>
    </section>
  );
}
