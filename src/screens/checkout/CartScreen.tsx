import { ComingSoon } from '../common/ComingSoon';

export default function CartScreen() {
  return <ComingSoon titleKey="titles.cart" emptyKey="empty.cart" />;
}
