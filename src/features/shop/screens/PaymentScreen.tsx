import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function PaymentScreen() {
  return <ComingSoon titleKey="titles.payment" emptyKey="empty.cart" />;
}
