import { ComingSoon } from '../common/ComingSoon';

export default function AccountScreen() {
  return <ComingSoon titleKey="titles.account" emptyKey="empty.account" />;
}
