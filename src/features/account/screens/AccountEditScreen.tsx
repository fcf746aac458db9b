import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function AccountEditScreen() {
  return <ComingSoon titleKey="titles.accountEdit" emptyKey="empty.account" />;
}
