// /checkout/complete: what was bought, its invoice (a link to it), and where to use it.
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { usePageTitle } from '../../../ui/page-title';
import { invoicePath } from '../../account/public';
import type { CheckoutAnswer } from '../payment';
import { LAST_ORDER } from './PaymentScreen';
import './shop.css';

function lastOrder(): CheckoutAnswer | null {
  try {
    return JSON.parse(sessionStorage.getItem(LAST_ORDER) ?? 'null') as CheckoutAnswer | null;
  } catch {
    return null;
  }
}

export default function CheckoutCompleteScreen() {
  const { t } = useTranslation('account');
  const title = usePageTitle('titles.checkoutComplete');
  const facility = useFacility();
  const format = useFormat(facility?.time_zone);
  const answer = lastOrder();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {!answer || answer.order.status !== 'paid' ? (
        <EmptyState title={t('complete.nothing')} action={<ButtonLink to="/checkout">{t('shop.title')}</ButtonLink>} />
      ) : (
        <div className="stack">
          <p>{t('complete.thanks')}</p>
          <Card>
            <ul className="shop-summary" data-testid="bought">
              {answer.order.line_items.map((line) => (
                <li key={line.variant_id}><span>{line.quantity} × {line.name}</span><span>{format.currency(line.price * line.quantity, answer.order.currency)}</span></li>
              ))}
              <li className="shop-summary__total"><span>{t('payment.total')}</span><span>{format.currency(answer.order.total, answer.order.currency)}</span></li>
            </ul>
          </Card>
          {answer.invoice && <p><Link to={invoicePath(answer.invoice.id)} data-testid="invoice-number">{t('complete.invoice', { number: answer.invoice.number })}</Link></p>}
          <div className="shop-actions">
            <ButtonLink variant="primary" to="/classes">{t('complete.book')}</ButtonLink>
            <ButtonLink to="/account">{t('complete.account')}</ButtonLink>
          </div>
        </div>
      )}
    </section>
  );
}
