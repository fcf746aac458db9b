// The top bar: menu, where the member is (organisation and facility: the organisation picker when
// there are several), the page title on wide screens, then sync, the cart while it holds something,
// bell and profile. Its height never
// changes (CLS): the sync indicator and the badge take room from the organisation's text, not height.
import { lazy } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useCurrentPageTitle } from '../../ui/page-title';
import { Icon } from '../../ui/icon/index';
import { OrgSwitcher } from './OrgSwitcher';
import { NotificationsBell } from '../../features/notifications/screens/NotificationsBell';
import { CartButton } from '../../features/shop/screens/CartButton';
import { ProfileLink } from './ProfileLink';
import { useCurrentAccount } from '../../data/hooks/auth';
import { useStorageFull, useSyncStatus } from '../../data/hooks/sync';
import { syncNeedsSaying } from './sync-needs-saying';
import { OptionalPart } from '../../ui/error-boundary/index';

// Most of the time there is nothing to say about syncing: the indicator's code loads when there is.
const SyncIndicator = lazy(() => import('./SyncIndicator').then(({ SyncIndicator: indicator }) => ({ default: indicator })));

function SyncSlot() {
  const status = useSyncStatus();
  const storageFull = useStorageFull();
  if (!syncNeedsSaying(status, storageFull)) return null;
  // Its code not on the device and no network to fetch it: left out, never the top bar with it (the
  // Offline chip still says the device is offline; the writes wait as ever).
  return (
    <OptionalPart>
      <SyncIndicator />
    </OptionalPart>
  );
}

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const title = useCurrentPageTitle();
  const account = useCurrentAccount();
  return (
    <header className="topbar">
      {/* The slot is kept while the account loads, so the names beside it do not jump (CLS). */}
      {account ? (
        <button type="button" className="topbar__menu-button btn btn--ghost btn--icon" aria-expanded={menuOpen} aria-controls="side-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')} onClick={onToggleMenu}>
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      ) : <span className="topbar__menu-slot" aria-hidden="true" />}
      <div className="topbar__context">
        <OrgSwitcher />
      </div>
      {/* On a phone the page's own heading says this, right below. */}
      <span className="topbar__title" data-testid="topbar-title">{title}</span>
      <div className="topbar__actions">
        <SyncSlot />
        <CartButton />
        <NotificationsBell />
        <ProfileLink />
      </div>
    </header>
  );
}
