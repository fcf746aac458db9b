// Signing out wipes member data from the device, so unsent writes are announced first.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../data/auth';
import { useConfirm } from '../components/modal';
import { progress } from '../components/progress';
import { describeError } from './describe-error';

export function SignOutButton({ className = 'btn btn--danger' }: { className?: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();

  async function run() {
    try {
      progress.start(t('auth.signingOut'));
      let result = await signOut({ force: false });
      if (result.status === 'pending') {
        progress.hide();
        const ok = await confirm({
          title: t('auth.signOutPendingTitle'),
          body: t('auth.signOutPending', { count: result.count }),
          confirmLabel: t('auth.signOutAnyway'),
          cancelLabel: t('auth.stayAndSync'),
          danger: true,
        });
        if (!ok) return;
        result = await signOut({ force: true });
      }
      progress.hide();
      navigate('/login', { replace: true });
    } catch (error) {
      progress.error(describeError(error, t));
    }
  }

  return (
    <button type="button" className={className} onClick={() => void run()}>
      {t('auth.signOut')}
    </button>
  );
}
