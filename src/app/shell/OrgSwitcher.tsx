// Where the member is: the organisation's name with the facility under it. With several visible
// accounts it is the picker (hidden accounts are not listed); choosing one switches account and
// returns to /. On a phone this is the name itself, never a bare icon that reads like a language switch.
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useCurrentAccount, useFacility, useProfile } from '../../data/hooks/auth';
import { switchAccount } from '../../data/auth';
import { visibleAccounts } from '../../domain/account';
import { Dropdown, DropdownItem } from '../../ui/dropdown/index';
import { Icon } from '../../ui/icon/index';
import { progress } from '../../ui/progress/index';
import { describeError } from '../../ui/describe-error';
import { OfflineBanner } from './OfflineBanner';

/**
 * The organisation's name is read whole: it wraps onto a second line, and a name too long for two
 * lines at this width steps down a size (then another) instead of being cut. Measured again
 * whenever the bar's room changes (a phone turning, the offline chip, the sync indicator).
 */
function useTwoLines(org: string) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const room = el?.closest('.topbar');
    if (!el || !room) return;
    const fits = () => el.getBoundingClientRect().height <= 2 * parseFloat(getComputedStyle(el).lineHeight) + 1;
    const fit = () => {
      // The usual case, a name that fits at its own size, writes nothing (so lays nothing out again).
      if (!el.dataset.fit && fits()) return;
      for (const size of FITS) {
        if (size === 'md') delete el.dataset.fit;
        else el.dataset.fit = size;
        if (fits()) return;
      }
    };
    if (typeof ResizeObserver === 'undefined') {
      fit();
      return;
    }
    // Its first call comes after the frame's layout, before its paint: measuring at mount instead
    // laid the whole new screen out an extra time while the app started (13 ms at 4x CPU).
    const observer = new ResizeObserver(fit);
    observer.observe(room);
    return () => observer.disconnect();
  }, [org]);
  return ref;
}
const FITS = ['md', 'sm', 'xs'] as const;

function Where({ org, facility, testId }: { org: string; facility?: string; testId?: string }) {
  const name = useTwoLines(org);
  return (
    <span className="topbar__where">
      <span ref={name} className="topbar__org-name" data-testid={testId}>{org}</span>
      <span className="topbar__status-line">
        <OfflineBanner />
        {facility && <span className="topbar__subtitle">{facility}</span>}
      </span>
    </span>
  );
}

export function OrgSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const current = useCurrentAccount();
  const facility = useFacility();
  if (!profile || !current) return <Where org={t('app.name')} />;
  const accounts = visibleAccounts(profile.accounts);
  // A picker only when there is somewhere else to go (the organisation in use may itself be hidden).
  if (!accounts.some((account) => account.org.id !== current.org.id)) return <Where org={current.org.name} facility={facility?.name} testId="org-name" />;

  async function choose(orgId: number) {
    try {
      await switchAccount(orgId);
      navigate('/');
    } catch (error) {
      progress.error(describeError(error, t));
    }
  }

  return (
    <Dropdown
      label={t('org.picker')}
      align="start"
      renderTrigger={(props) => (
        <button {...props} className="topbar__org-trigger" data-testid="org-picker">
          <span className="visually-hidden">{t('org.picker')}: </span>
          <Where org={current.org.name} facility={facility?.name} />
          <Icon name="chevron-down" />
        </button>
      )}
    >
      {accounts.map((account) => (
        <DropdownItem key={account.org.id} aria-current={account.org.id === current.org.id ? 'true' : undefined}
          icon={account.org.id === current.org.id ? 'check' : undefined} onSelect={() => void choose(account.org.id)}>
          {account.org.name}
        </DropdownItem>
      ))}
    </Dropdown>
  );
}
