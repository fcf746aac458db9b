import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/page-title';
import { useProfile } from '../../data/hooks/auth';
import { updateProfile } from '../../features/profile/commands/profile';
import { SUPPORTED_LOCALES, resolveLocale, type Locale } from '../../../core/locales';
import { changeLocale } from '../../i18n/index';
import { useCommand } from '../../ui/use-command';
import { InstallApp } from '../pwa/InstallApp';
import { SignOutButton } from '../SignOutButton';
import { NotificationSettings } from '../../features/notifications/screens/NotificationSettings';

export const APP_VERSION = '7.5.2';

export default function SettingsScreen() {
  const { t, i18n } = useTranslation();
  const title = usePageTitle('settings.title');
  const profile = useProfile();
  const persisted = usePersistedStorage();
  const run = useCommand();
  const current = resolveLocale(i18n.language);

  async function chooseLanguage(locale: Locale) {
    await run(async () => {
      await changeLocale(locale);
      if (profile && profile.locale !== locale) await updateProfile({ locale });
    }, {
      // Read after the change, so it is said in the language just chosen.
      success: () => t('settings.languageChanged'),
    });
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <section className="card" aria-labelledby="settings-language">
        <h2 id="settings-language" className="card__title">{t('settings.language')}</h2>
        <div className="field">
          <label className="field__label" htmlFor="settings-locale">{t('settings.language')}</label>
          <select id="settings-locale" className="input" value={current} onChange={(e) => void chooseLanguage(e.target.value as Locale)}>
            {SUPPORTED_LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>{t(`locales.${locale}`)}</option>
            ))}
          </select>
        </div>
      </section>
      <NotificationSettings />
      <section className="card" aria-labelledby="settings-storage">
        <h2 id="settings-storage" className="card__title">{t('settings.storage')}</h2>
        <p>{persisted ? t('settings.storagePersisted') : t('settings.storageNotPersisted')}</p>
        <InstallApp />
      </section>
      <section className="card" aria-labelledby="settings-about">
        <h2 id="settings-about" className="card__title">{t('settings.about')}</h2>
        <p data-testid="app-version">{t('settings.version', { version: APP_VERSION })}</p>
        <SignOutButton />
      </section>
    </section>
  );
}

function usePersistedStorage(): boolean {
  const [persisted, setPersisted] = useState(false);
  useEffect(() => {
    let alive = true;
    void navigator.storage?.persisted?.().then((value) => alive && setPersisted(value)).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return persisted;
}
