// /account/invoices: every invoice with its lines, tax and total, from Dexie (offline too); Print
// prints just that invoice (the print stylesheet hides the rest of the page). An invoice linked from
// elsewhere (#invoice-7, "Order complete") is scrolled to and marked once the list is there.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { Invoice } from '../../../../core/contract/types';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useInvoices, useRefreshInvoices } from '../hooks';
import { invoiceAnchor } from '../paths';
import './account.css';

export default function InvoicesScreen() {
  const { t } = useTranslation('account');
  const title = usePageTitle('titles.invoices');
  const facility = useFacility();
  const invoices = useInvoices(facility?.org_id);
  useRefreshInvoices(facility?.guid, facility?.org_id);
  const format = useFormat(facility?.time_zone);
  const [printing, setPrinting] = useState<number | null>(null);
  const target = useLocation().hash.slice(1);
  const loaded = invoices !== undefined;
  useEffect(() => {
    if (!target || !loaded) return;
    const element = document.getElementById(target);
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [target, loaded]);

  // What a line is for, with when: a late-cancel fee's class, an appointment, a course's first class.
  function lineText(line: Invoice['lines'][number]): string {
    if (!line.starts_at) return line.name;
    const when = `${format.date(line.starts_at)} ${format.time(line.starts_at)}`;
    if (line.kind === 'late_cancel_fee') return t('invoices.lateCancelFee', { name: line.name, date: when });
    if (line.kind === 'appointment') return t('invoices.appointment', { name: line.name, date: when });
    if (line.kind === 'course') return t('invoices.course', { name: line.name, date: format.date(line.starts_at) });
    return line.name;
  }

  function print(id: number) {
    setPrinting(id);
    // After the class is on the page, so only this invoice prints.
    requestAnimationFrame(() => {
      window.print();
      setPrinting(null);
    });
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {invoices === undefined ? <Spinner block /> : invoices.length === 0 ? <EmptyState title={t('invoices.none')} /> : (
        <ul className="stack invoice-list" data-testid="invoices">
          {invoices.map((invoice) => (
            <li key={invoice.id} id={invoiceAnchor(invoice.id)} tabIndex={-1} className={`card invoice${printing === invoice.id ? ' invoice--printing' : ''}${target === invoiceAnchor(invoice.id) ? ' invoice--target' : ''}`} data-testid="invoice">
              <div className="invoice__head">
                <h2 className="account-heading">{t('invoices.number', { number: invoice.number })}</h2>
                <span className="account-muted">{format.date(invoice.issued_at)} · {t(`invoices.status.${invoice.status}`)}</span>
              </div>
              <p className="invoice__org">{facility?.name}</p>
              <table className="invoice__lines">
                <thead><tr><th scope="col">{t('invoices.item')}</th><th scope="col">{t('invoices.quantity')}</th><th scope="col">{t('invoices.amount')}</th></tr></thead>
                <tbody>
                  {invoice.lines.map((line, i) => (
                    <tr key={i}><td>{lineText(line)}</td><td>{line.quantity}</td><td>{format.currency(line.price * line.quantity, invoice.currency)}</td></tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr><th scope="row" colSpan={2}>{t('invoices.tax')}</th><td>{format.currency(invoice.tax, invoice.currency)}</td></tr>
                  <tr><th scope="row" colSpan={2}>{t('invoices.total')}</th><td data-testid="invoice-total">{format.currency(invoice.total, invoice.currency)}</td></tr>
                </tfoot>
              </table>
              <div className="invoice__actions"><Button onClick={() => print(invoice.id)}>{t('invoices.print')}</Button></div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
