// Signing out wipes member data from the device, so unsent writes are announced first.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../data/auth';
import { pendingCount } from '../data/sync/outbox';
import { useConfirm } from '../ui/modal/index';
import { progress } from '../ui/progress/index';
import { describeError } from '../ui/describe-error';

/**
 * The next person on a shared device must not get this member's pushes: the subscription goes
 * while the session still lets the server forget it.
 */
async function forgetPush(): Promise<void> {
  // Loaded on demand: the push code is not needed to paint the shell.
  await import('../features/notifications/push').then((push) => push.unsubscribePush()).catch(() => undefined);
}

export function SignOutButton({ className = 'btn btn--danger' }: { className?: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();

  async function run() {
    try {
      const pending = await pendingCount();
      if (pending > 0) {
        const ok = await confirm({
          title: t('auth.signOutPendingTitle'),
          body: t('auth.signOutPending', { count: pending }),
          confirmLabel: t('auth.signOutAnyway'),
          cancelLabel: t('auth.stayAndSync'),
          danger: true,
        });
        if (!ok) return;
      }
      progress.start(t('auth.signingOut'));
      await forgetPush();
      await signOut({ force: true });
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
