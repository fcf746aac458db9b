// Friends (issue 31 item 6; docs/decisions.md#friends): members who both agreed, by an invitation
// link or QR code accepted by the other, see which classes the other booked. Nobody else ever does.
import * as z from 'zod/mini';
import { iso } from './common';

/** How long an invitation link stays valid. */
export const FRIEND_INVITATION_DAYS = 14;
/** At most this many open (unused, unexpired) invitations per member. */
export const FRIEND_INVITATIONS_OPEN_MAX = 20;

/** The app's path of an invitation link (the server's `url`, the accept screen's route). */
export function friendAcceptPath(token: string): string {
  return `/friends/accept/${encodeURIComponent(token)}`;
}

/** POST /friends/invitations answer (201): the secret link; only its hash is kept. */
export const friendInvitationCreated = z.object({ token: z.string(), url: z.string(), expires_at: iso });
export type FriendInvitationCreated = z.infer<typeof friendInvitationCreated>;

/** GET /friends/invitations/{token} answer: who invites, for the accept screen. */
export const friendInvitation = z.object({ inviter: z.object({ first_name: z.string() }), expires_at: iso });
export type FriendInvitation = z.infer<typeof friendInvitation>;

/** A friend as GET /friends lists them. */
export const friend = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), since: iso });
export type Friend = z.infer<typeof friend>;

export const friendList = z.array(friend);

/** POST /friends/invitations/{token}/accept answer (201): the new friend. */
export const friendAccepted = z.object({ friend: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }) });
export type FriendAccepted = z.infer<typeof friendAccepted>;

/** One class of GET /friends/bookings: its start, and the friends booked into it (who share their bookings). */
export const friendsBooking = z.object({ session_id: z.number(), start_date: iso, friends: z.array(z.object({ id: z.number(), first_name: z.string() })) });
export type FriendsBooking = z.infer<typeof friendsBooking>;

export const friendsBookingList = z.array(friendsBooking);
