// /friends/accept/:token: "<first name> wants to be friends", Accept or Not now (issue 31 item 6).
// A signed-out member is sent to sign in and comes back here (routes.tsx#ToLogin). Online only.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { useCommand } from '../../../ui/use-command';
import { describeError } from '../../../ui/describe-error';
import { ApiError } from '../../../data/api/errors';
import { Button } from '../../../ui/button/index';
import { Cluster } from '../../../ui/layout/index';
import { Spinner } from '../../../ui/spinner/index';
import { newEntryId } from '../../../data/sync/outbox';
import type { FriendInvitation } from '../../../../core/contract/friends';
import { acceptInvitation, readInvitation } from '../commands';
import './friends.css';

export default function FriendAcceptScreen() {
  const { t } = useTranslation('profile');
  const { t: shellT } = useTranslation();
  const title = usePageTitle('titles.friendAccept');
  const token = useParams().token ?? '';
  const online = useOnline();
  const run = useCommand();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<FriendInvitation | 'checking' | { error: string }>('checking');
  // One key for this screen's accept, so a second tap is the same request.
  const [key] = useState(newEntryId);

  useEffect(() => {
    if (!online) return undefined;
    let live = true;
    setInvitation('checking');
    readInvitation(token).then(
      (found) => live && setInvitation(found),
      (failure: unknown) => live && setInvitation({ error: failure instanceof ApiError && failure.status === 404 ? t('friends.invalid') : describeError(failure, shellT) }),
    );
    return () => {
      live = false;
    };
  }, [token, online, t, shellT]);

  let body;
  if (!online) body = <p className="notice notice--info" role="status" data-testid="friend-accept-offline">{t('friends.acceptOffline')}</p>;
  else if (invitation === 'checking') body = <Spinner block label={t('friends.checking')} />;
  else if ('error' in invitation) body = <p className="notice notice--danger" role="alert" data-testid="friend-invite-invalid">{invitation.error}</p>;
  else {
    const name = invitation.inviter.first_name;
    body = (
      <div className="card friend-accept" data-testid="friend-accept">
        <h2 className="friend-accept__title">{t('friends.acceptTitle', { name })}</h2>
        <p>{t('friends.acceptBody')}</p>
        <Cluster>
          <Button variant="primary" onClick={() => void run(async () => {
            await acceptInvitation(token, key);
            navigate('/friends', { replace: true });
          }, { success: t('friends.accepted', { name }) })}>{t('friends.accept')}</Button>
          <Button variant="ghost" onClick={() => navigate('/classes', { replace: true })}>{t('friends.notNow')}</Button>
        </Cluster>
      </div>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {body}
    </section>
  );
}
