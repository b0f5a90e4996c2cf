import { AREA_ICONS, AREAS, AREA_LABELS, normalizeStoredScore, SCALE_MAX, toPercent } from '@shared/domain/scoring';
import { JOURNAL_FIELDS } from '@shared/domain/journal';
import { ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { hasEnoughForLevels } from '@shared/domain/early-days';
import { scaleOption } from '@web/lib/check-ins';
import { useHistory } from '@web/features/check-ins/api/get-history';
import { useToday } from '@web/features/check-ins/api/get-today';
import { scoreTextClass } from '@web/lib/score-colors';
import { StrengthSummary } from '../components/strength';

/** /completion (DECISIONS): a summary of today's check-in. */
export default function CompletionScreen() {
  const today = useToday();
  const c = today.data?.checkIn ?? null;
  // The colour bands wait for enough check-ins (decision 020): a first day of "No"s is not a red alarm.
  const banded = hasEnoughForLevels(useHistory().data?.count ?? 0);
  return (
    <Page>
      <PageHeader title="Today’s Check-in" backTo="/" backLabel="Back to Dashboard" />
      {today.isPending ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : !c ? (
        <Card>
          <p className="font-semibold">You haven’t checked in today yet.</p>
          <p className="mt-1 text-muted">{today.data?.windowState.message}</p>
          <ButtonLink to="/" block className="mt-4">
            Back to Dashboard
          </ButtonLink>
        </Card>
      ) : (
        <div className="space-y-4">
          <Card>
            <p className="text-sm font-semibold uppercase tracking-wide text-muted">Today’s score</p>
            <p className={cn('text-5xl font-extrabold', banded ? scoreTextClass(toPercent(normalizeStoredScore(c.score))) : 'text-fg')} data-testid="completion-score">
              {toPercent(normalizeStoredScore(c.score))}%
            </p>
          </Card>
          {/* Issue 28: where today's check-in moved the strength score. */}
          <Card>
            <StrengthSummary />
          </Card>
          <Card>
            <h2 className="text-lg font-bold">Your answers</h2>
            <ul className="mt-2 divide-y divide-border">
              {AREAS.map((a, i) => {
                const ans = c.answers[i];
                const text = typeof ans === 'boolean' ? (ans ? 'Yes' : 'No') : typeof ans === 'number' ? `${scaleOption(ans).emoji} ${scaleOption(ans).label} (${ans}/${SCALE_MAX})` : '—';
                const journal = today.data?.journalEntry?.[JOURNAL_FIELDS[i]!];
                return (
                  <li key={a} className="py-2">
                    <div className="flex justify-between gap-3">
                      <span>
                        <span aria-hidden="true">{AREA_ICONS[a]} </span>
                        {AREA_LABELS[a]}
                      </span>
                      <span className="font-semibold">{text}</span>
                    </div>
                    {journal && <p className="mt-1 text-sm text-muted">“{journal}”</p>}
                  </li>
                );
              })}
            </ul>
          </Card>
          {today.data?.windowState.canEdit && (
            <ButtonLink to="/checkin?edit=true" variant="outline" block>
              UPDATE CHECK-IN
            </ButtonLink>
          )}
          <ButtonLink to="/" block>
            Back to Dashboard
          </ButtonLink>
        </div>
      )}
    </Page>
  );
}
