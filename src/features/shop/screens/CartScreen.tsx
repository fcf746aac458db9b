import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function CartScreen() {
  return <ComingSoon titleKey="titles.cart" emptyKey="empty.cart" />;
}
