// Choose the facility of the current organisation, and hide or show organisations in the picker.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../ui/page-title';
import { useAuth, useProfile } from '../../../data/hooks/auth';
import { selectFacility, switchAccount } from '../../../data/auth';
import { setOrgVisible } from '../commands/orgs';
import { useCommand } from '../../../ui/use-command';

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
    await run(() => setOrgVisible(orgId, visible), { success: t(visible ? 'profile.orgShown' : 'profile.orgHidden', { name }) });
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <p className="muted">{t('profile.facilitiesIntro')}</p>
      {profile.accounts.map((account) => {
        const hidden = Boolean(account.hidden_at);
        return (
          <section key={account.org.id} className="card" aria-labelledby={`org-${account.org.id}`}>
            <header className="card__header">
              <h2 id={`org-${account.org.id}`} className="card__title">
                {account.org.name} {hidden && <span className="badge badge--muted">{t('profile.hiddenOrg')}</span>}
              </h2>
              <button className="btn btn--ghost btn--sm" type="button" onClick={() => void toggle(account.org.id, account.org.name, hidden)}>
                {hidden ? t('profile.showOrg') : t('profile.hideOrg')}
              </button>
            </header>
            <ul className="list">
              {account.facilities.map((facility) => {
                const selected = facility.guid === auth.facilityGuid;
                return (
                  <li key={facility.guid} className="list__item">
                    <span>{facility.name}</span>
                    {selected ? (
                      <span className="badge badge--success">{t('profile.selected')}</span>
                    ) : (
                      <button className="btn btn--secondary btn--sm" type="button" onClick={() => void choose(account.org.id, facility.guid)}
                        aria-label={t('profile.select', { name: `${account.org.name} ${facility.name}` })}>
                        {t('profile.select', { name: facility.name })}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
