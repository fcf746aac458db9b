import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { usePageTitle } from '../../ui/page-title';
import { useProfile } from '../../data/hooks/auth';
import { updateProfile } from '../../features/profile/commands/profile';
import { SUPPORTED_LOCALES, resolveLocale, type Locale } from '../../../core/locales';
import { changeLocale } from '../../i18n/index';
import { useCommand } from '../../ui/use-command';
import { InstallApp } from '../pwa/InstallApp';
import { SignOutButton } from '../SignOutButton';
import { NotificationSettings } from '../../features/notifications/screens/NotificationSettings';
import { CalendarFeedSettings } from '../../features/profile/screens/CalendarFeedSettings';
import { TrainingPreferences } from '../../features/profile/screens/TrainingPreferences';
import { Card } from '../../ui/card/index';
import { Field } from '../../ui/field/index';
import { Stack } from '../../ui/layout/index';
import { PageHeader } from '../../ui/page-header/index';
import { Segmented } from '../../ui/segmented/index';
import { THEME_CHOICES, setTheme, useThemeChoice, type ThemeChoice } from '../theme';

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
      <PageHeader title={title} titleId="page-title" />
      <Stack>
        <Card title={t('settings.language')}>
          <Field id="settings-locale" label={t('settings.language')}>
            {(aria) => (
              <select {...aria} className="input" value={current} onChange={(e) => void chooseLanguage(e.target.value as Locale)}>
                {SUPPORTED_LOCALES.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>{t(`locales.${locale}`)}</option>
                ))}
              </select>
            )}
          </Field>
        </Card>
        <ThemeSettings />
        <TrainingPreferences />
        <NotificationSettings />
        <CalendarFeedSettings />
        <Card title={t('settings.storage')}>
          <Stack gap="sm">
            <p>{persisted ? t('settings.storagePersisted') : t('settings.storageNotPersisted')}</p>
            <InstallApp />
          </Stack>
        </Card>
        <Card title={t('settings.about')}>
          <Stack gap="sm">
            <p data-testid="app-version">{t('settings.version', { version: APP_VERSION })}</p>
            <SignOutButton />
          </Stack>
        </Card>
      </Stack>
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

const themeLabels = { system: 'settings.themeSystem', light: 'settings.themeLight', dark: 'settings.themeDark' } as const satisfies Record<ThemeChoice, string>;

/** System, light or dark, for this device (see src/app/theme.ts). */
function ThemeSettings() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <Card title={t('settings.appearance')}>
      <Segmented legend={t('settings.theme')} name="theme" value={choice} onChange={setTheme} hint={t('settings.themeHint')}
        options={THEME_CHOICES.map((value) => ({ value, label: t(themeLabels[value]) }))} />
    </Card>
  );
}
