import { ComingSoon } from '../common/ComingSoon';

export default function AccountEditScreen() {
  return <ComingSoon titleKey="titles.accountEdit" emptyKey="empty.account" />;
}
