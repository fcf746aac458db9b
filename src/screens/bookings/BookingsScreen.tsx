import { ComingSoon } from '../common/ComingSoon';

export default function BookingsScreen() {
  return <ComingSoon titleKey="titles.bookings" emptyKey="empty.bookings" />;
}
