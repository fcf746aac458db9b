// Saving a workout form: check it first, then change the workout or log a new one, and open it.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { WorkoutInput, WorkoutType, WorkoutUpdate } from '../../../../core/contract/types';
import { editWorkout, logWorkout } from '../commands';
import { useCommand } from '../../../ui/use-command';
import { focusFirstInvalid } from './FormField';
import { workoutPath } from './paths';

export interface WorkoutSave {
  /** Problems show from the first save attempt on, and update as the member fixes them. */
  checked: boolean;
  saving: boolean;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

export function useSaveWorkout(
  /** Null for a new workout. */
  workout: { type: WorkoutType; id: number } | null,
  type: WorkoutType,
  form: {
    invalid: () => boolean;
    changes: () => WorkoutUpdate;
    input: () => WorkoutInput;
    /** Asked before saving (while the device still holds the old log); what it returns runs once saved, e.g. telling of a record. */
    saved?: () => (() => void) | undefined;
  },
): WorkoutSave {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const run = useCommand();
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (form.invalid()) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSaving(true);
    const announce = form.saved?.();
    const result = await run(async () => {
      if (workout) {
        await editWorkout(workout.id, form.changes());
        return workout;
      }
      return { type, id: await logWorkout(form.input()) };
    }, { loading: t('common.saving'), success: t('training.saved') });
    if (result.ok) {
      navigate(workoutPath(result.value), { replace: true });
      announce?.();
    }
    else setSaving(false);
  }

  return { checked, saving, submit };
}
