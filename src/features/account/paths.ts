/** One invoice on the invoices page: the page scrolls to it and marks it (InvoicesScreen). */
export function invoicePath(id: number): string {
  return `/account/invoices#${invoiceAnchor(id)}`;
}

export function invoiceAnchor(id: number): string {
  return `invoice-${id}`;
}
