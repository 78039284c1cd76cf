import type { BillingInvoice } from '@citable/contract';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatDate } from '../lib/format';

/** The provider's invoices; rendered only when there are some. */
export function BillingHistory({ invoices }: { invoices: BillingInvoice[] }) {
  return (
    <ScrollRegion label="Billing history">
      <table className="w-full min-w-[28rem] text-left text-sm" data-testid="billing-history">
        <caption className="sr-only">Billing history</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Invoice</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className="py-2 text-slate-800">{formatDate(invoice.createdAt)}</td>
              <td className="py-2 text-slate-800">{invoice.total}</td>
              <td className="py-2 text-slate-600">{invoice.statusLabel}</td>
              <td className="py-2 text-right">
                {invoice.invoiceUrl ? (
                  <a href={invoice.invoiceUrl} target="_blank" rel="noreferrer" className="font-medium text-primary-700 hover:underline">
                    Invoice
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
