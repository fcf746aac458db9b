// The organisation name with one account; a picker with several (hidden accounts are
// not listed). Choosing one switches account and returns to /.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount, useProfile } from '../../data/hooks/auth';
import { switchAccount } from '../../data/auth';
import { visibleAccounts } from '../../domain/account';
import { Dropdown, DropdownItem } from '../../ui/dropdown/index';
import { Icon } from '../../ui/icon/index';
import { progress } from '../../ui/progress/index';
import { describeError } from '../../ui/describe-error';

export function OrgSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const current = useCurrentAccount();
  if (!profile || !current) return null;
  const accounts = visibleAccounts(profile.accounts);
  if (accounts.length <= 1) {
    return <span className="topbar__org" data-testid="org-name">{current.org.name}</span>;
  }

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
      align="end"
      renderTrigger={(props) => (
        <button {...props} className="btn btn--ghost topbar__org-trigger" data-testid="org-picker" aria-label={`${t('org.picker')}: ${current.org.name}`}>
          <Icon name="globe" className="topbar__org-icon" />
          <span className="topbar__org-name">{current.org.name}</span>
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
