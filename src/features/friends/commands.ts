// The friends actions for the screens (issue 31 item 6). Online only, unlike booking: an invitation
// is a secret link made by the server, accepting one needs the server to check it, and removing a
// friend is rare. Each refreshes the list kept on the device once the server has answered.
import { newEntryId } from '../../data/sync/outbox';
import type { FriendInvitation } from '../../../core/contract/friends';
import { deleteFriend, getFriendInvitation, postAcceptFriendInvitation, postFriendInvitation } from './api';
import { pullFriends } from './pull';

/** A new invitation: the full link to share (the app's origin + the server's path). */
export async function createInvitationLink(): Promise<string> {
  const created = await postFriendInvitation();
  return new URL(created.url, window.location.origin).href;
}

/** Who invites, for the accept screen. */
export function readInvitation(token: string): Promise<FriendInvitation> {
  return getFriendInvitation(token);
}

/** Accepts; `key` is the screen's, so a second tap is the same request. */
export async function acceptInvitation(token: string, key: string): Promise<void> {
  await postAcceptFriendInvitation(token, key);
  await pullFriends({ force: true });
}

export async function removeFriend(id: number): Promise<void> {
  await deleteFriend(id, newEntryId());
  await pullFriends({ force: true });
}
