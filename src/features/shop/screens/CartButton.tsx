// The top bar's cart: while this organisation's cart holds something, one tap leads back to it from
// any screen (docs/decisions.md#navigation). It reads the device's copy only and imports nothing of
// the shop's code, because it is part of the shell's first load.
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { db } from '../../../data/db';
import { useCurrentAccount } from '../../../data/hooks/auth';
import { Icon } from '../../../ui/icon/index';

export function CartButton() {
  const { t } = useTranslation();
  const orgId = useCurrentAccount()?.org.id;
  const count = useLiveQuery(async () => {
    const cart = orgId === undefined ? undefined : await db.carts.get(orgId);
    return cart?.line_items.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  }, [orgId]);
  if (!count) return null;
  return (
    <Link to="/checkout" className="btn btn--ghost btn--icon bell" aria-label={t('nav.cart', { count })} data-testid="cart-button">
      <Icon name="bag" />
      <span className="bell__badge cart-button__count" aria-hidden="true">{count}</span>
    </Link>
  );
}
