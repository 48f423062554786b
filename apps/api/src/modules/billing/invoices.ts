import type Stripe from 'stripe';

/** An invoice as the member's archive lists it, in Spanish. */
interface InvoiceRow {
  [column: string]: string | null;
  fecha: string;
  numero: string | null;
  estado: string;
  importe: string;
  moneda: string;
}

const INVOICE_STATUS: Readonly<Record<string, string>> = {
  draft: 'Borrador',
  open: 'Pendiente de pago',
  paid: 'Pagada',
  uncollectible: 'Impagada',
  void: 'Anulada',
};

/** Stripe's amounts are in the currency's smallest unit; every currency this app sells has two decimals. */
const amountText = (cents: number): string => (cents / 100).toFixed(2);

/**
 * Reads a customer's invoices from Stripe (the newest 100), for the member's archive at build time: what they
 * paid and when, as Stripe keeps it. Without Stripe configured there is nothing to read.
 */
export function createInvoiceReader(stripe: Stripe | undefined) {
  return async (customerId: string): Promise<InvoiceRow[]> => {
    if (!stripe) return [];
    const page = await stripe.invoices.list({ customer: customerId, limit: 100 });
    return page.data.map((invoice) => ({
      fecha: new Date(invoice.created * 1000).toISOString(),
      numero: invoice.number ?? null,
      estado: INVOICE_STATUS[invoice.status ?? ''] ?? invoice.status ?? '',
      importe: amountText(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due),
      moneda: invoice.currency.toUpperCase(),
    }));
  };
}
