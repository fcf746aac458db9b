// Shown on the training screens when the profile's training log is off: the menu hides them, but a
// bookmark or link still lands here, and one tap turns the log back on (offline too).
import { useTranslation } from '../../../i18n/use-translation';
import { useProfile } from '../../../data/hooks/auth';
import { updateProfile } from '../../profile/public';
import { useCommand } from '../../../ui/use-command';
import { Button } from '../../../ui/button/index';

export function TrainingOffNotice() {
  const { t } = useTranslation('training');
  const profile = useProfile();
  const run = useCommand();
  if (!profile || profile.track_training) return null;
  const turnOn = () => run(() => updateProfile({ track_training: true }));
  return (
    <div className="notice notice--info training-off" role="status" data-testid="training-off">
      <p>{t('training.off.body')}</p>
      <Button size="sm" onClick={() => void turnOn()}>{t('training.off.turnOn')}</Button>
    </div>
  );
}
