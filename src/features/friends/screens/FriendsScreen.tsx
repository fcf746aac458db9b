// The member's friends (issue 31 item 6; docs/decisions.md#friends): the list kept on the device
// (shown offline), Remove, and "Invite a friend", which makes an invitation link shown with Share
// (Web Share API) or Copy, and as a QR code. Inviting and removing need the network and say so.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useOnline } from '../../../ui/use-online';
import { useCommand } from '../../../ui/use-command';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { Cluster, Stack } from '../../../ui/layout/index';
import { QrCode } from '../../../ui/qr/index';
import { Spinner } from '../../../ui/spinner/index';
import { createInvitationLink, removeFriend } from '../commands';
import { useFriends, useRefreshFriends } from '../hooks';
import './friends.css';

export default function FriendsScreen() {
  const { t } = useTranslation('profile');
  const title = usePageTitle('titles.friends');
  const online = useOnline();
  const run = useCommand();
  const format = useFormat();
  const friends = useFriends();
  useRefreshFriends();
  const [link, setLink] = useState<string | null>(null);

  const invite = () =>
    void run(async () => setLink(await createInvitationLink()));

  const remove = (id: number, name: string) =>
    void run(
      () => removeFriend(id),
      { confirm: { title: t('friends.removeTitle', { name }), body: t('friends.removeBody'), confirmLabel: t('friends.remove'), danger: true }, success: t('friends.removed', { name }) },
    );

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <Stack>
        <p className="muted">{t('friends.intro')}</p>
        {!online && <p className="notice notice--info" role="status" data-testid="friends-offline">{t('friends.offline')}</p>}
        <Card title={t('friends.invite')}>
          <Stack gap="sm">
            {link ? (
              <InviteLink link={link} />
            ) : (
              <Cluster>
                <Button variant="primary" disabled={!online} onClick={invite}>{t('friends.invite')}</Button>
              </Cluster>
            )}
          </Stack>
        </Card>
        {friends === undefined ? (
          <Spinner block />
        ) : friends.length === 0 ? (
          <EmptyState title={t('friends.empty')} body={t('friends.emptyHint')} />
        ) : (
          <List data-testid="friends-list">
            {friends.map((f) => (
              <ListRow
                key={f.id}
                data-testid="friend-row"
                title={`${f.first_name} ${f.last_name}`}
                meta={t('friends.since', { date: format.date(f.since) })}
                actions={<Button size="sm" variant="ghost" disabled={!online} aria-label={t('friends.removeLabel', { name: f.first_name })} onClick={() => remove(f.id, f.first_name)}>{t('friends.remove')}</Button>}
              />
            ))}
          </List>
        )}
      </Stack>
    </section>
  );
}

/** The invitation just made: the link with Share or Copy, and its QR code. */
function InviteLink({ link }: { link: string }) {
  const { t } = useTranslation('profile');
  const run = useCommand();
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="friend-invite" data-testid="friend-invite">
      <p className="friend-invite__title"><strong>{t('friends.inviteTitle')}</strong></p>
      <p className="muted">{t('friends.inviteHint')}</p>
      <QrCode text={link} label={t('friends.qrLabel')} className="friend-invite__qr" />
      <p className="friend-invite__link" data-testid="friend-invite-link">{link}</p>
      <Cluster>
        {canShare ? (
          <Button variant="primary" onClick={() => void navigator.share({ title: t('friends.inviteTitle'), text: t('friends.shareText'), url: link }).catch(() => undefined)}>{t('friends.share')}</Button>
        ) : (
          <Button variant="primary" onClick={() => void run(() => navigator.clipboard.writeText(link), { success: t('friends.copied') })}>{t('friends.copy')}</Button>
        )}
      </Cluster>
    </div>
  );
}
