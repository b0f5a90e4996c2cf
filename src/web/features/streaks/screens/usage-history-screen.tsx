import { REST_DAY_ICON } from '@shared/domain/rest-days';
import type { LedgerEntry, StreakLedgerReason } from '@shared/schemas/streaks';
import { Button } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { useLedger } from '../api/ledger';
import { dayTitle } from '../calendar-grid';
import { ledgerTotalsText } from '../texts';

/** A readable name and icon per ledger reason. */
export const LEDGER_REASONS: Record<StreakLedgerReason, { label: string; icon: string }> = {
  'check-in': { label: 'Check-in', icon: '✅' },
  'shield-used': { label: 'Shield used', icon: '❄️' },
  break: { label: 'Streak broken', icon: '💔' },
  recovery: { label: 'Streak recovered', icon: '💲' },
  decline: { label: 'Recovery declined', icon: '🌅' },
  purchase: { label: 'Shield purchased', icon: '🛡️' },
  'tier-grant': { label: 'Shields granted by plan', icon: '🎁' },
  developer: { label: 'Developer action', icon: '🛠️' },
  'offline-correction': { label: 'Offline check-in counted', icon: '📶' },
  'rest-day-planned': { label: 'Rest day planned', icon: REST_DAY_ICON },
  'rest-day-cancelled': { label: 'Rest day cancelled', icon: '↩️' },
  'rest-day-used': { label: 'Rest day', icon: REST_DAY_ICON },
  'rest-day-returned': { label: 'Rest day given back', icon: '✅' },
  refund: { label: 'Shield refunded', icon: '↩️' },
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Entry({ e }: { e: LedgerEntry }) {
  const r = LEDGER_REASONS[e.reason];
  return (
    <li className="flex gap-3 py-3" data-reason={e.reason}>
      <span className="text-2xl" aria-hidden="true">
        {r.icon}
      </span>
      <div className="flex-1">
        <p className="font-semibold">{r.label}</p>
        <p className="text-sm">{e.description}</p>
        <p className="text-xs text-muted">
          <time dateTime={e.date}>{dayTitle(e.date)}</time>
        </p>
      </div>
      <div className="text-right text-sm">
        {e.streakDelta !== 0 && <p>Streak {signed(e.streakDelta)}</p>}
        {e.shieldsDelta !== 0 && <p>Shields {signed(e.shieldsDelta)}</p>}
        <p className="text-muted" data-testid="ledger-totals">
          {ledgerTotalsText(e.currentStreak, e.freezeDaysRemaining)}
        </p>
      </div>
    </li>
  );
}

/** /usage-history — every change to the streak and shields, newest first, with its reason and date. */
export default function UsageHistoryScreen() {
  const { data, isPending, isError, refetch } = useLedger();
  return (
    <Page>
      <PageHeader title="Shield Usage History" backTo="/streak" backLabel="Back to streak journey" />
      {isPending && <p className="text-muted">Loading history…</p>}
      {isError && (
        <Card>
          <p role="alert">The history could not be loaded.</p>
          <Button className="mt-3" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </Card>
      )}
      {data && data.entries.length === 0 && (
        <Card>
          <p className="font-semibold">No history yet</p>
          <p className="text-muted">Check-ins, shields used, breaks and recoveries will appear here.</p>
        </Card>
      )}
      {data && data.entries.length > 0 && (
        <Card>
          <ul className="divide-y divide-border" aria-label="Streak history">
            {data.entries.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </ul>
        </Card>
      )}
    </Page>
  );
}
