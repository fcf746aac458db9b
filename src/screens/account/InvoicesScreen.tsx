import { ComingSoon } from '../common/ComingSoon';

export default function InvoicesScreen() {
  return <ComingSoon titleKey="titles.invoices" emptyKey="empty.invoices" />;
}
