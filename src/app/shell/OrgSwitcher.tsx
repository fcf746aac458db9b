// Where the member is: the organisation's name with the facility under it. With several visible
// accounts it is the picker (hidden accounts are not listed); choosing one switches account and
// returns to /. On a phone this is the name itself, never a bare icon that reads like a language switch.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount, useFacility, useProfile } from '../../data/hooks/auth';
import { switchAccount } from '../../data/auth';
import { visibleAccounts } from '../../domain/account';
import { Dropdown, DropdownItem } from '../../ui/dropdown/index';
import { Icon } from '../../ui/icon/index';
import { progress } from '../../ui/progress/index';
import { describeError } from '../../ui/describe-error';
import { OfflineBanner } from './OfflineBanner';

function Where({ org, facility, testId }: { org: string; facility?: string; testId?: string }) {
  return (
    <span className="topbar__where">
      <span className="topbar__org-name" data-testid={testId}>{org}</span>
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
