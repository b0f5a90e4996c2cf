import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { WINDOW_MESSAGES } from '@shared/domain/check-in-rules';
import { toPercent } from '@shared/domain/scoring';
import type { TodayResponse } from '@shared/schemas/check-ins';
import { buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';
import { NoBreakHyphens } from '@web/components/ui/text';
import { checkedInNote } from '../check-in-note';

export const DONE_FOR_TODAY = {
  title: 'Done for today',
  body: (pct: number) => `Today’s check-in: ${pct}%. Nice work.`,
  canUpdate: 'Changed your mind? You can update it until midnight.',
} as const;
export const ORIENTATION_CARD_TEXT = 'Welcome! For your first 24 hours you can check in at any time.';

/**
 * The check-in button and, during the 24-hour orientation, the first check-in card (spec part 1 §4.5).
 * Label, message and window come from the server; the client only picks the link. Once today's check-in is
 * done the card is a calm "done for today" state, with a quieter button to update it while the window is open.
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
  const note = checkedInNote(status);

  if (hasCheckedInToday) {
    const pct = status.checkIn ? toPercent(status.checkIn.score) : null;
    return (
      <section aria-labelledby="done-today-title" data-testid="done-for-today" className="rounded-2xl border border-border bg-surface p-4">
        <h2 id="done-today-title" className="flex items-center gap-2 text-lg font-bold">
          <span aria-hidden="true" className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-success-bg text-success-fg">
            <Check aria-hidden="true" size={18} strokeWidth={3} />
          </span>
          {DONE_FOR_TODAY.title}
        </h2>
        {pct !== null && <p className="mt-1">{DONE_FOR_TODAY.body(pct)}</p>}
        {open ? (
          <>
            <p className="mt-1 text-sm text-muted">{DONE_FOR_TODAY.canUpdate}</p>
            <Link to="/checkin?edit=true" className={buttonClass('outline', 'mt-3')}>
              {windowState.buttonLabel}
            </Link>
          </>
        ) : (
          <>
            <p className="mt-2 font-semibold" data-testid="check-in-closed">
              {windowState.message}
            </p>
            {note && (
              <p className="mt-1 text-sm text-muted" data-testid="check-in-note">
                {note}
              </p>
            )}
          </>
        )}
      </section>
    );
  }

  const button = open && (
    <Link to="/checkin" className={buttonClass('primary', 'min-h-14 text-lg tracking-wide', true)}>
      {windowState.buttonLabel}
    </Link>
  );

  // A first day: one card, the welcome and its button together, so the button is in view on a 360×640 phone.
  if (orientationState.shouldShowFirstTimeCheckIn) {
    return (
      <section aria-labelledby="first-check-in-title" data-testid="first-check-in" className="rounded-2xl border-2 border-primary bg-surface p-4">
        <h2 id="first-check-in-title" className="text-lg font-bold">
          <NoBreakHyphens text={WINDOW_MESSAGES.orientation} />
        </h2>
        <p className="mt-1 text-sm text-muted">{ORIENTATION_CARD_TEXT}</p>
        {button ? (
          <div className="mt-3">{button}</div>
        ) : (
          <p className="mt-3 font-semibold" data-testid="check-in-closed">
            {windowState.message}
          </p>
        )}
      </section>
    );
  }

  return (
    button || (
      <Card>
        <p className="font-semibold" data-testid="check-in-closed">
          {windowState.message}
        </p>
      </Card>
    )
  );
}
