// Settings: the units every training form and record follows, and hiding one's results from class
// leaderboards. Each change is saved at once through the profile outbox (offline too).
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../data/hooks/auth';
import { measurementUnitsOf } from '../../../../core/rules/training/lift';
import { PREFERRED_LENGTH_UNITS, WEIGHT_UNITS } from '../../../../core/limits';
import type { ProfileUpdate } from '../../../../core/contract/types';
import { Card } from '../../../ui/card/index';
import { Stack } from '../../../ui/layout/index';
import { Segmented } from '../../../ui/segmented/index';
import { useCommand } from '../../../ui/use-command';
import { updateProfile } from '../commands/profile';

export function TrainingPreferences() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const run = useCommand();
  if (!profile) return null;
  const units = measurementUnitsOf(profile);
  const save = (changes: ProfileUpdate) => void run(() => updateProfile(changes), { success: t('preferences.saved') });

  return (
    <>
      <Card title={t('preferences.units')}>
        <Stack gap="sm">
          <Segmented legend={t('preferences.weight')} name="weight-units" value={units.weight}
            onChange={(weight_units) => save({ weight_units })}
            options={WEIGHT_UNITS.map((value) => ({ value, label: t(`preferences.unitNames.${value}`) }))} />
          <Segmented legend={t('preferences.length')} name="length-units" value={units.length}
            onChange={(length_units) => save({ length_units })} hint={t('preferences.unitsHint')}
            options={PREFERRED_LENGTH_UNITS.map((value) => ({ value, label: t(`preferences.unitNames.${value}`) }))} />
        </Stack>
      </Card>
      <Card title={t('preferences.leaderboards')}>
        <div className="field field--check">
          <input id="hide-from-leaderboards" type="checkbox" checked={profile.hide_from_leaderboards === true}
            onChange={(e) => save({ hide_from_leaderboards: e.target.checked })} aria-describedby="hide-from-leaderboards-hint" />
          <label htmlFor="hide-from-leaderboards">{t('preferences.hideFromLeaderboards')}</label>
          <p id="hide-from-leaderboards-hint" className="field__hint">{t('preferences.hideFromLeaderboardsHint')}</p>
        </div>
      </Card>
    </>
  );
}
