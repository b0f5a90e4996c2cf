import { Link } from 'react-router';
import { WINDOW_MESSAGES } from '../../../../shared/domain/check-in-window';
import type { TodayResponse } from '../../../../shared/schemas/check-ins';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { checkedInNote } from '../check-in-note';

/**
 * The check-in button and, during the 24-hour orientation, the first check-in card (spec part 1 §4.5).
 * Label, message and window come from the server; the client only picks the link.
 */
export function CheckInCard({ status, unavailable }: { status: TodayResponse | undefined; unavailable: boolean }) {
  if (!status) {
    return (
      <Card>
        <p className="font-semibold" data-testid="check-in-closed">
          {unavailable ? WINDOW_MESSAGES.unavailable : 'Checking your check-in window…'}
        </p>
      </Card>
    );
  }
  const { windowState, orientationState, hasCheckedInToday } = status;
  const open = windowState.canCheckIn || windowState.canEdit;
  const to = hasCheckedInToday ? '/checkin?edit=true' : '/checkin';
  const note = checkedInNote(status);
  return (
    <div className="space-y-3">
      {orientationState.shouldShowFirstTimeCheckIn && (
        <Link
          to="/checkin"
          className="block rounded-2xl border-2 border-primary bg-surface p-4 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          <span className="block text-lg font-bold">{WINDOW_MESSAGES.orientation}</span>
          <span className="mt-1 block text-sm text-muted">
            Welcome! For your first 24 hours you can check in at any time. It takes about two minutes.
          </span>
        </Link>
      )}
      {open ? (
        <Link to={to} className={buttonClass('primary', 'min-h-14 text-lg tracking-wide', true)}>
          {windowState.buttonLabel}
        </Link>
      ) : (
        <Card>
          <p className="font-semibold" data-testid="check-in-closed">
            {windowState.message}
          </p>
          {note && (
            <p className="mt-1 text-sm text-muted" data-testid="check-in-note">
              {note}
            </p>
          )}
        </Card>
      )}
    </div>
  );
}
