// Choose the facility of the current organisation, and hide or show organisations in the picker.
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../ui/page-title';
import { useAuth, useProfile } from '../../../data/hooks/auth';
import { selectFacility, switchAccount } from '../../../data/auth';
import { setOrgVisible } from '../commands/orgs';
import { useCommand } from '../../../ui/use-command';
import { Button } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { Chip } from '../../../ui/chip/index';
import { Icon } from '../../../ui/icon/index';
import { Stack } from '../../../ui/layout/index';
import { PageHeader } from '../../../ui/page-header/index';
import './profile.css';

export default function ProfileFacilitiesScreen() {
  const { t } = useTranslation('profile');
  const title = usePageTitle('titles.profileFacilities');
  const auth = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();
  const run = useCommand();
  if (!profile || !auth) return null;

  async function choose(orgId: number, guid: string) {
    const result = await run(async () => {
      if (orgId !== auth?.accountOrgId) await switchAccount(orgId);
      await selectFacility(guid);
    });
    if (result.ok) navigate('/');
  }

  async function toggle(orgId: number, name: string, visible: boolean) {
    // Hiding the organisation in use is asked first: it leaves the picker, which can look like it vanished.
    const inUse = orgId === auth?.accountOrgId;
    await run(() => setOrgVisible(orgId, visible), {
      success: t(visible ? 'profile.orgShown' : 'profile.orgHidden', { name }),
      confirm: !visible && inUse
        ? { title: t('profile.hideInUseTitle', { name }), body: t('profile.hideInUseBody', { name }), confirmLabel: t('profile.hideOrg') }
        : undefined,
    });
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader title={title} titleId="page-title" subtitle={t('profile.facilitiesIntro')} />
      <Stack>
        {profile.accounts.map((account) => {
          const hidden = Boolean(account.hidden_at);
          return (
            <Card key={account.org.id} flush className="facility-org"
              title={<>{account.org.name} {hidden && <Chip>{t('profile.hiddenOrg')}</Chip>}</>}
              actions={
                <Button variant="ghost" size="sm" onClick={() => void toggle(account.org.id, account.org.name, hidden)}
                  aria-label={`${hidden ? t('profile.showOrg') : t('profile.hideOrg')}: ${account.org.name}`}>
                  {hidden ? t('profile.showOrg') : t('profile.hideOrg')}
                </Button>
              }>
              {/* Each facility is one full-width choice: the name never competes with a button for room. */}
              <ul className="facility-choices">
                {account.facilities.map((facility) => {
                  const selected = facility.guid === auth.facilityGuid;
                  return (
                    <li key={facility.guid}>
                      {selected ? (
                        <div className="facility-choice is-selected" aria-current="true">
                          <span className="facility-choice__name">{facility.name}</span>
                          <Chip tone="success"><Icon name="check" size={14} /> {t('profile.selected')}</Chip>
                        </div>
                      ) : (
                        <button type="button" className="facility-choice" onClick={() => void choose(account.org.id, facility.guid)}
                          aria-label={t('profile.select', { name: `${account.org.name} ${facility.name}` })}>
                          <span className="facility-choice__name">{facility.name}</span>
                          <span className="facility-choice__action" aria-hidden="true">{t('profile.choose')}<Icon name="chevron-right" size={16} /></span>
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}
