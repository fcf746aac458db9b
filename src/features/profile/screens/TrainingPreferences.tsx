// Settings: the units every training form and record follows, hiding one's results from class
// leaderboards, the prompt to log a class's workout when it ends, and showing one's bookings to
// friends. Each change is saved at once
// through the profile outbox (offline too).
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useProfile } from '../../../data/hooks/auth';
import { measurementUnitsOf } from '../../../../core/rules/training/lift';
import { PREFERRED_LENGTH_UNITS, WEIGHT_UNITS } from '../../../../core/limits';
import type { PreferredLengthUnits, Profile, WeightUnits } from '../../../../core/contract/types';
import { Card } from '../../../ui/card/index';
import { Stack } from '../../../ui/layout/index';
import { Segmented } from '../../../ui/segmented/index';
import { useCommand } from '../../../ui/use-command';
import { updateProfile } from '../commands/profile';

interface Choices {
  weight_units: WeightUnits;
  length_units: PreferredLengthUnits;
  hide_from_leaderboards: boolean;
  log_prompts: boolean;
  share_bookings_with_friends: boolean;
}

/**
 * The saved choices, with a change shown the moment it is made: the device's copy of the profile
 * follows a moment later, and the inputs must not flick back meanwhile.
 */
function useChoices(profile: Profile | undefined): [Choices, (changes: Partial<Choices>) => void] {
  const units = measurementUnitsOf(profile);
  const saved: Choices = { weight_units: units.weight, length_units: units.length, hide_from_leaderboards: profile?.hide_from_leaderboards === true, log_prompts: profile?.log_prompts !== false, share_bookings_with_friends: profile?.share_bookings_with_friends !== false };
  const key = JSON.stringify(saved);
  const [local, setLocal] = useState({ key, choices: saved });
  if (local.key !== key) setLocal({ key, choices: saved });
  return [local.key === key ? local.choices : saved, (changes) => setLocal((current) => ({ ...current, choices: { ...current.choices, ...changes } }))];
}

export function TrainingPreferences() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const run = useCommand();
  const [choices, choose] = useChoices(profile);
  if (!profile) return null;
  const save = (changes: Partial<Choices>) => {
    choose(changes);
    void run(() => updateProfile(changes), { success: t('preferences.saved') });
  };

  return (
    <>
      <Card title={t('preferences.units')}>
        <Stack gap="sm">
          <Segmented legend={t('preferences.weight')} name="weight-units" value={choices.weight_units}
            onChange={(weight_units) => save({ weight_units })}
            options={WEIGHT_UNITS.map((value) => ({ value, label: t(`preferences.unitNames.${value}`) }))} />
          <Segmented legend={t('preferences.length')} name="length-units" value={choices.length_units}
            onChange={(length_units) => save({ length_units })} hint={t('preferences.unitsHint')}
            options={PREFERRED_LENGTH_UNITS.map((value) => ({ value, label: t(`preferences.unitNames.${value}`) }))} />
        </Stack>
      </Card>
      <Card title={t('preferences.leaderboards')}>
        <CheckSetting id="hide-from-leaderboards" checked={choices.hide_from_leaderboards} onChange={(hide_from_leaderboards) => save({ hide_from_leaderboards })} label={t('preferences.hideFromLeaderboards')} hint={t('preferences.hideFromLeaderboardsHint')} />
      </Card>
      <Card title={t('preferences.logPrompts')}>
        <CheckSetting id="log-prompts" checked={choices.log_prompts} onChange={(log_prompts) => save({ log_prompts })} label={t('preferences.logPromptsLabel')} hint={t('preferences.logPromptsHint')} />
      </Card>
      <Card title={t('friends.settingsTitle')}>
        <CheckSetting id="share-bookings-with-friends" checked={choices.share_bookings_with_friends} onChange={(share_bookings_with_friends) => save({ share_bookings_with_friends })} label={t('friends.shareBookings')} hint={t('friends.shareBookingsHint')} />
      </Card>
    </>
  );
}

/** A switch of the member's with what it does under it, saved the moment it changes. */
function CheckSetting({ id, checked, onChange, label, hint }: { id: string; checked: boolean; onChange: (checked: boolean) => void; label: string; hint: string }) {
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">{hint}</p>
    </div>
  );
}
