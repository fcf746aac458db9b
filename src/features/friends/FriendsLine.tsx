// "Sam is booked" / "Sam and Alex are booked" / "Sam and 2 friends are booked" on a class's row and
// page. The words are the booking namespace's friends.* (loaded with the timetable).
import { useTranslation } from '../../i18n/use-translation';
import { friendsLine, type BookedFriend } from '../../domain/friends-line';

export function FriendsLine({ friends, className }: { friends: readonly BookedFriend[] | undefined; className?: string }) {
  const { t, i18n } = useTranslation('booking');
  const line = friendsLine(friends, i18n.language);
  if (!line) return null;
  const text = line.kind === 'one' ? t('friends.one', { name: line.name }) : line.kind === 'two' ? t('friends.two', { name: line.name, other: line.other }) : t('friends.many', { name: line.name, count: line.count });
  return <span className={`friends-line${className ? ` ${className}` : ''}`} data-testid="friends-line">{text}</span>;
}
