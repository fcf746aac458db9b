// On /profile?invite=…: a signed-in member accepts an invitation to another organisation, which
// is then added and opened.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button/index';
import { describeError } from '../../../ui/describe-error';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { acceptInvitation, getInvitation, type Invitation } from '../invite';

export function InviteAcceptCard({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  const { t: shellT } = useTranslation();
  const online = useOnline();
  const run = useCommand();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<Invitation | 'checking' | string>('checking');

  useEffect(() => {
    let live = true;
    getInvitation(token).then(
      (found) => live && setInvitation(found),
      (failure: unknown) => live && setInvitation(describeError(failure, shellT)),
    );
    return () => {
      live = false;
    };
  }, [token, shellT]);

  if (invitation === 'checking') return <p className="notice notice--info" role="status">{t('invite.checking')}</p>;
  if (typeof invitation === 'string') return <p className="notice notice--danger" role="alert" data-testid="invite-invalid">{invitation}</p>;
  return (
    <div className="notice notice--info" data-testid="invite-accept">
      <p><strong>{t('invite.acceptTitle', { org: invitation.org.name })}</strong></p>
      <p>{t('invite.acceptBody', { org: invitation.org.name, facility: invitation.facility.name })}</p>
      {!online && <p>{t('invite.offline')}</p>}
      <Button variant="primary" disabled={!online} onClick={() => void run(async () => {
        await acceptInvitation(token);
        navigate('/classes', { replace: true });
      }, { success: () => t('invite.accepted', { org: invitation.org.name }) })}>
        {t('invite.accept', { org: invitation.org.name })}
      </Button>
    </div>
  );
}
