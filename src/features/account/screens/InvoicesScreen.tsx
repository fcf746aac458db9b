import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function InvoicesScreen() {
  return <ComingSoon titleKey="titles.invoices" emptyKey="empty.invoices" />;
}
