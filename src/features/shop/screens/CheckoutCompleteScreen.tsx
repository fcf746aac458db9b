import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function CheckoutCompleteScreen() {
  return <ComingSoon titleKey="titles.checkoutComplete" emptyKey="empty.cart" />;
}
