import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useProfile } from '../../data/hooks/auth';
import { Avatar } from '../../ui/avatar/index';

export function ProfileLink() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile) return null;
  return (
    <Link to="/profile" className="profile-link" aria-label={`${t('nav.profile')}: ${profile.full_name}`} data-testid="profile-link">
      <Avatar name={profile.full_name} src={profile.avatar.is_set ? profile.avatar.thumb_url : null} size="sm" />
      <span className="profile-link__name">{profile.first_name}</span>
    </Link>
  );
}
