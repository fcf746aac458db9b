// "Sam is booked", "Sam and Alex are booked", "Sam and 2 friends are booked" (issue 31 item 6;
// docs/rules.md#friends), pure: which names and how many others a class's friends line says.

export interface BookedFriend {
  id: number;
  first_name: string;
}

export type FriendsLine =
  | { kind: 'one'; name: string }
  | { kind: 'two'; name: string; other: string }
  | { kind: 'many'; name: string; count: number };

/**
 * The line for the friends booked into a class, or null when none are. The first names are
 * ordered alphabetically (then by id), so every screen and every refresh names the same friend
 * first; each friend counts once. Two are named; from three on, the first is named and the others
 * counted.
 */
export function friendsLine(friends: readonly BookedFriend[] | undefined, locale?: string): FriendsLine | null {
  if (!friends || friends.length === 0) return null;
  const unique = [...new Map(friends.map((f) => [f.id, f])).values()];
  const sorted = unique.sort((a, b) => a.first_name.localeCompare(b.first_name, locale) || a.id - b.id);
  const [first, second] = sorted;
  if (sorted.length === 1) return { kind: 'one', name: first!.first_name };
  if (sorted.length === 2) return { kind: 'two', name: first!.first_name, other: second!.first_name };
  return { kind: 'many', name: first!.first_name, count: sorted.length - 1 };
}
