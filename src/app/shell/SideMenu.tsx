// The left menu with its conditions (see docs/rules.md#auth), decided by the pure menuItems rule.
import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth, useCurrentAccount, useFacility, useProfile } from '../../data/hooks/auth';
import { menuItems, type MenuKey } from '../../domain/account';
import { Icon, type IconName } from '../../ui/icon/index';
import { SignOutButton } from '../SignOutButton';

const icons: Record<MenuKey, IconName> = {
  classes: 'calendar',
  courses: 'layers',
  appointments: 'clock',
  whiteboard: 'clipboard',
  feed: 'list',
  bookings: 'check',
  checkin: 'qr',
  account: 'user',
  shop: 'bag',
  visits: 'home',
  training: 'dumbbell',
  lifts: 'dumbbell',
};

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const account = useCurrentAccount();
  const facility = useFacility();
  const profile = useProfile();
  const items = menuItems({
    orgKnown: Boolean(account),
    facilitySelected: Boolean(auth?.facilityGuid),
    feedEnabled: Boolean(facility?.preferences.feed_enabled),
    trackTraining: Boolean(profile?.track_training),
  });
  if (items.length === 0) return null;
  return (
    <>
      {open && <div className="side-menu__scrim" aria-hidden="true" onClick={onClose} />}
      <nav id="side-menu" className={`side-menu${open ? ' side-menu--open' : ''}`} aria-label={t('nav.menu')}>
        <ul className="side-menu__list">
          {items.map((item) => (
            <li key={item.key}>
              <NavLink to={item.to} end={item.key === 'training'} className="side-menu__link" data-testid={`menu-${item.key}`}>
                <Icon name={icons[item.key]} />
                <span>{t(`nav.${item.key}`)}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/settings" className="side-menu__link" data-testid="menu-settings">
              <Icon name="settings" />
              <span>{t('nav.settings')}</span>
            </NavLink>
          </li>
        </ul>
        <div className="side-menu__footer">
          <SignOutButton className="btn btn--ghost btn--block" />
        </div>
      </nav>
    </>
  );
}
