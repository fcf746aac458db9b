// Deleting asks first; the workout then leaves the log at once and the outbox tells the studio.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deleteWorkout } from '../commands';
import { useConfirm } from '../../../ui/modal/index';
import { progress } from '../../../ui/progress/index';
import { describeError } from '../../../ui/describe-error';
import { TRAINING_PATH } from './paths';

export function useDeleteWorkout(): (workout: { id: number; name: string }) => Promise<void> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  return useCallback(
    async (workout) => {
      const ok = await confirm({
        title: t('training.deleteTitle'),
        body: t('training.deleteBody', { name: workout.name }),
        confirmLabel: t('training.deleteConfirm'),
        cancelLabel: t('training.deleteKeep'),
        danger: true,
      });
      if (!ok) return;
      progress.start(t('training.deleting'));
      try {
        await deleteWorkout(workout.id);
        progress.success(t('training.deleted'));
        navigate(TRAINING_PATH, { replace: true });
      } catch (error) {
        progress.error(describeError(error, t));
      }
    },
    [confirm, navigate, t],
  );
}
