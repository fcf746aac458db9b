import { ComingSoon } from '../common/ComingSoon';

export default function CheckoutCompleteScreen() {
  return <ComingSoon titleKey="titles.checkoutComplete" emptyKey="empty.cart" />;
}
