import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function AccountScreen() {
  return <ComingSoon titleKey="titles.account" emptyKey="empty.account" />;
}
