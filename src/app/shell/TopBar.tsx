import { useTranslation } from 'react-i18next';
import { useCurrentPageTitle } from '../../ui/page-title';
import { useCurrentAccount, useFacility } from '../../data/hooks/auth';
import { Icon } from '../../ui/icon/index';
import { OrgSwitcher } from './OrgSwitcher';
import { NotificationsBell } from '../../features/notifications/screens/NotificationsBell';
import { ProfileLink } from './ProfileLink';
import { SyncIndicator } from './SyncIndicator';

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const title = useCurrentPageTitle();
  const facility = useFacility();
  const account = useCurrentAccount();
  return (
    <header className="topbar">
      {account && (
        <button type="button" className="topbar__menu-button btn btn--ghost btn--icon" aria-expanded={menuOpen} aria-controls="side-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')} onClick={onToggleMenu}>
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      )}
      <div className="topbar__titles">
        <span className="topbar__title" data-testid="topbar-title">{title}</span>
        {facility && <span className="topbar__subtitle">{facility.name}</span>}
      </div>
      <div className="topbar__actions">
        <OrgSwitcher />
        <SyncIndicator />
        <NotificationsBell />
        <ProfileLink />
      </div>
    </header>
  );
}
