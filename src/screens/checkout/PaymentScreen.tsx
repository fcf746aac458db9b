import { ComingSoon } from '../common/ComingSoon';

export default function PaymentScreen() {
  return <ComingSoon titleKey="titles.payment" emptyKey="empty.cart" />;
}
