// Deleting asks first; the workout then leaves the log at once and the outbox tells the studio.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { deleteWorkout } from '../commands';
import { useCommand } from '../../../ui/use-command';
import { TRAINING_PATH } from './paths';

export function useDeleteWorkout(): (workout: { id: number; name: string }) => Promise<void> {
  const { t } = useTranslation('training');
  const run = useCommand();
  const navigate = useNavigate();
  return useCallback(
    async (workout) => {
      const result = await run(() => deleteWorkout(workout.id), {
        confirm: {
          title: t('training.deleteTitle'),
          body: t('training.deleteBody', { name: workout.name }),
          confirmLabel: t('training.deleteConfirm'),
          cancelLabel: t('training.deleteKeep'),
          danger: true,
        },
        loading: t('training.deleting'),
        success: t('training.deleted'),
      });
      if (result.ok) navigate(TRAINING_PATH, { replace: true });
    },
    [run, navigate, t],
  );
}
