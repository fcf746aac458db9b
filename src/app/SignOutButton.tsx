// Signing out wipes member data from the device, so unsent writes are announced first.
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from 'react-router';
import { signOut } from '../data/auth';
import { pendingCount } from '../data/sync/outbox-watch';
import { useCommand } from '../ui/use-command';

/**
 * The next person on a shared device must not get this member's pushes: the subscription goes
 * while the session still lets the server forget it.
 */
async function forgetPush(): Promise<void> {
  // Loaded on demand: the push code is not needed to paint the shell.
  await import('../features/notifications/push').then((push) => push.forgetPushAtSignOut()).catch(() => undefined);
}

export function SignOutButton({ className = 'btn btn--danger' }: { className?: string }) {
  const { t } = useTranslation();
  const run = useCommand();
  const navigate = useNavigate();

  async function signOutHere() {
    const result = await run(async () => {
      await forgetPush();
      await signOut({ force: true });
    }, {
      // Only unsent changes are worth a question.
      confirm: async () => {
        const pending = await pendingCount();
        return pending > 0
          ? {
            title: t('auth.signOutPendingTitle'),
            body: t('auth.signOutPending', { count: pending }),
            confirmLabel: t('auth.signOutAnyway'),
            cancelLabel: t('auth.stayAndSync'),
            danger: true,
          }
          : null;
      },
      loading: t('auth.signingOut'),
    });
    if (result.ok) navigate('/login', { replace: true });
  }

  return (
    <button type="button" className={className} onClick={() => void signOutHere()}>
      {t('auth.signOut')}
    </button>
  );
}
