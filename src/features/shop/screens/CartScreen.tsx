// /checkout: the shop (passes and memberships on sale here) and the cart. Both from Dexie: offline
// the cart can still be changed (the edits wait in the outbox), but paying needs a connection.
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { usePending } from '../../../data/hooks/pending';
import { useFormat } from '../../../i18n/useFormat';
import { Button, ButtonLink } from '../../../ui/button/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { addToCart, removeFromCart, stepCartQuantity } from '../commands';
import { useCart, useProducts, useRefreshShop } from '../hooks';
import { CART_MAX_QUANTITY } from '../../../../core/rules/cart';
import { useConcessions, useRefreshConcessions } from '../../account/public';
import { useNow } from '../../booking/public';
import { productNotes } from './product-notes';
import './shop.css';

export default function CartScreen() {
  const { t } = useTranslation('account');
  const title = usePageTitle('titles.cart');
  const facility = useFacility();
  const orgId = facility?.org_id;
  const guid = facility?.guid;
  const products = useProducts(orgId);
  const cart = useCart(orgId);
  useRefreshShop(guid, orgId);
  // What the member already has, said on each product (and asked about before a pass they would not use).
  const concessions = useConcessions(orgId);
  useRefreshConcessions(guid, orgId);
  const now = useNow();
  const format = useFormat(facility?.time_zone);
  const online = useOnline();
  const pending = usePending('carts', orgId);
  const run = useCommand();
  if (products === undefined || cart === undefined || !facility || orgId === undefined || !guid) return <Spinner block />;
  const lines = cart?.line_items ?? [];
  const currency = cart?.currency || facility.currency.code;

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <div className="stack stack--lg">
        <section aria-labelledby="cart-heading" className="stack stack--sm">
          <h2 id="cart-heading" className="shop-heading">{t('cart.title')}</h2>
          {lines.length === 0 ? <EmptyState title={t('cart.empty')} headingLevel={3} /> : (
            <>
              <List className="card card--flush" data-testid="cart-lines">
                {lines.map((line) => (
                  <ListRow
                    // By product, not line id: the line's temporary id becomes the studio's when the add
                    // is answered, and a row re-made under a finger loses that tap.
                    key={line.variant_id}
                    data-testid="cart-line"
                    title={line.name}
                    meta={t('cart.each', { price: format.currency(line.price, currency) })}
                    end={format.currency(line.price * line.quantity, currency)}
                    actions={
                      <div className="shop-stepper" role="group" aria-label={t('cart.quantityOf', { name: line.name })}>
                        <Button size="sm" aria-label={t('cart.less')} disabled={line.quantity <= 1} onClick={() => void run(() => stepCartQuantity(orgId, guid, line.variant_id, -1))}>−</Button>
                        <output className="shop-stepper__value" aria-live="polite" data-testid="quantity">{line.quantity}</output>
                        <Button size="sm" aria-label={t('cart.more')} disabled={line.quantity >= CART_MAX_QUANTITY} onClick={() => void run(() => stepCartQuantity(orgId, guid, line.variant_id, 1))}>+</Button>
                        <Button size="sm" variant="ghost" onClick={() => void run(() => removeFromCart(orgId, guid, line.variant_id))}>{t('cart.remove')}</Button>
                      </div>
                    }
                  />
                ))}
              </List>
              <p className="shop-total" data-testid="cart-total">{t('cart.total', { total: format.currency(cart?.total ?? 0, currency) })}{pending && ` · ${t('common.waitingToSync', { ns: 'shell' })}`}</p>
              {online ? (
                <ButtonLink variant="primary" to="/checkout/payment">{t('cart.pay')}</ButtonLink>
              ) : (
                <div className="stack stack--sm">
                  <Button variant="primary" disabled>{t('cart.pay')}</Button>
                  <p className="shop-muted">{t('cart.payOffline')}</p>
                </div>
              )}
            </>
          )}
        </section>
        <section aria-labelledby="shop-heading" className="stack stack--sm">
          <h2 id="shop-heading" className="shop-heading">{t('shop.title')}</h2>
          {products.length === 0 ? <EmptyState title={t('shop.none')} headingLevel={3} /> : (
            <List className="card card--flush" data-testid="products">
              {products.map((product) => {
                const notes = productNotes(t, format, product, concessions, now);
                // A pass the member's memberships would leave unused is added only once they say so.
                const ask = notes.unused === null ? undefined : { title: t('shop.unusedTitle'), body: notes.unused, confirmLabel: t('shop.unusedAdd'), cancelLabel: t('shop.unusedKeep') };
                return (
                  <ListRow
                    key={product.id}
                    data-testid="product"
                    title={product.name}
                    meta={<>
                      <span>{product.kind === 'pass' ? (product.visits === null ? t('shop.passUnlimited', { days: product.valid_days }) : t('shop.pass', { visits: product.visits, days: product.valid_days })) : t('shop.membership', { days: product.valid_days })}</span>
                      {product.description && <span>{product.description}</span>}
                      {notes.lines.length > 0 && <span className="shop-note" data-testid="product-note">{notes.lines.join(' ')}</span>}
                    </>}
                    end={format.currency(product.price, product.currency)}
                    actions={<Button size="sm" onClick={() => void run(() => addToCart(orgId, guid, product), { confirm: ask, success: t('shop.added', { name: product.name }) })} aria-label={t('shop.addNamed', { name: product.name })}>{t('shop.add')}</Button>}
                  />
                );
              })}
            </List>
          )}
        </section>
      </div>
    </section>
  );
}
