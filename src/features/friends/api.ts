// The friends calls (issue 31 item 6; server/features/friends/routes.ts). Inviting, accepting and
// removing are online only; the lists are pulled into Dexie (pull.ts).
import { apiRequest, facilityScope } from '../../data/api/client';
import type { Friend, FriendAccepted, FriendInvitation, FriendInvitationCreated, FriendsBooking } from '../../../core/contract/friends';

export function getFriends(): Promise<Friend[]> {
  return apiRequest<Friend[]>('GET', '/friends', { scope: null, schema: 'friendList' });
}

export function getFriendsBookings(facilityGuid: string, from: string, to: string): Promise<FriendsBooking[]> {
  return apiRequest<FriendsBooking[]>('GET', '/friends/bookings', { scope: facilityScope(facilityGuid), schema: 'friendsBookingList', query: { start_date: from, end_date: to } });
}

export function postFriendInvitation(): Promise<FriendInvitationCreated> {
  return apiRequest<FriendInvitationCreated>('POST', '/friends/invitations', { scope: null, body: {}, schema: 'friendInvitationCreated' });
}

export function getFriendInvitation(token: string): Promise<FriendInvitation> {
  return apiRequest<FriendInvitation>('GET', `/friends/invitations/${encodeURIComponent(token)}`, { scope: null, schema: 'friendInvitation' });
}

export function postAcceptFriendInvitation(token: string, idempotencyKey: string): Promise<FriendAccepted> {
  return apiRequest<FriendAccepted>('POST', `/friends/invitations/${encodeURIComponent(token)}/accept`, { scope: null, body: {}, idempotencyKey, schema: 'friendAccepted' });
}

export function deleteFriend(id: number, idempotencyKey: string): Promise<void> {
  return apiRequest<void>('DELETE', `/friends/${id}`, { scope: null, idempotencyKey });
}
