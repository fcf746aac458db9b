// Saving a workout form: check it first, then change the workout or log a new one, and open it.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkoutInput, WorkoutType, WorkoutUpdate } from '../../../../core/contract/types';
import { editWorkout, logWorkout } from '../commands';
import { progress } from '../../../ui/progress/index';
import { describeError } from '../../../ui/describe-error';
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
  form: { invalid: () => boolean; changes: () => WorkoutUpdate; input: () => WorkoutInput },
): WorkoutSave {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
    progress.start(t('common.saving'));
    try {
      let saved = workout;
      if (saved) await editWorkout(saved.id, form.changes());
      else saved = { type, id: await logWorkout(form.input()) };
      progress.success(t('training.saved'));
      navigate(workoutPath(saved), { replace: true });
    } catch (error) {
      progress.error(describeError(error, t));
      setSaving(false);
    }
  }

  return { checked, saving, submit };
}
