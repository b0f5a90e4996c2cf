import { useEffect } from 'react';
import type { Purchase } from '@shared/schemas/payments';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import { StatusIcon } from '../components/status-icon';
import { usePurchaseHistory } from '../api/purchase-history';
import { PAYMENT_TEXTS } from '../texts';

/**
 * Spec part 2 §3: completed green, pending yellow, anything else failed red; the word is always shown too. Issue 31:
 * refunded and disputed payments say so, in red (never green); one held for review ('flagged') in yellow.
 */
const RED = 'border border-danger bg-transparent text-danger-text';
const STATUS_STYLE: Record<string, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'bg-success-bg text-success-fg' },
  pending: { label: 'Pending', className: 'bg-warning-bg text-warning-fg' },
  refunded: { label: 'Refunded', className: RED },
  disputed: { label: 'Disputed', className: RED },
  flagged: { label: 'Under review', className: 'bg-warning-bg text-warning-fg' },
};
const FAILED_STYLE = { label: 'Failed', className: RED };

const money = (amount: number) => `$${amount.toFixed(2)}`;
const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function PurchaseRow({ p }: { p: Purchase }) {
  const status = STATUS_STYLE[p.status] ?? FAILED_STYLE;
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-testid="purchase-row">
      <div className="min-w-0">
        <p className="font-semibold">{p.description}</p>
        <p className="text-sm text-muted">{when(p.date)}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-bold">{money(p.amount)}</p>
        <span className={cn('mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
      </div>
    </li>
  );
}

/** /purchase-history: every payment, newest first; back to /account. */
export default function PurchaseHistoryScreen() {
  const history = usePurchaseHistory();
  useEffect(() => {
    if (history.isError) toast({ title: PAYMENT_TEXTS.historyFailedTitle, description: PAYMENT_TEXTS.historyFailedBody, variant: 'destructive' });
  }, [history.isError]);

  return (
    <Page>
      <PageHeader title="Purchase History" backTo="/account" backLabel="Back to account" />
      {history.isPending && (
        <p role="status" className="text-muted">
          Loading purchases...
        </p>
      )}
      {history.isError && (
        <Card>
          <p role="alert" className="font-semibold">
            {PAYMENT_TEXTS.historyFailedTitle}
          </p>
          <p className="text-muted">{PAYMENT_TEXTS.historyFailedBody}</p>
        </Card>
      )}
      {history.isSuccess && history.data.length === 0 && (
        <Card className="py-8 text-center">
          <StatusIcon kind="receipt" />
          <h2 className="mt-2 text-lg font-bold">{PAYMENT_TEXTS.historyEmptyTitle}</h2>
          <p className="mt-1 text-muted">{PAYMENT_TEXTS.historyEmptyBody}</p>
        </Card>
      )}
      {history.isSuccess && history.data.length > 0 && (
        <ul className="divide-y divide-border rounded-2xl border border-border bg-surface" aria-label="Purchases">
          {history.data.map((p) => (
            <PurchaseRow key={p.id} p={p} />
          ))}
        </ul>
      )}
    </Page>
  );
}
