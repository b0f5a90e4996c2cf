import { AREA_LABELS, type Area } from '@shared/domain/scoring';
import { findingsFor } from '@shared/domain/correlations';
import { usesScale } from '@shared/domain/tiers';
import { ButtonLink } from '@web/components/ui/button';
import { Card, LoadErrorCard, LoadingStatus } from '@web/components/ui/page';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useCorrelations } from '../api/get-correlations';

/** An example of what the section tells, for the plans without it (never the person's own data). */
const EXAMPLE = 'On days you rest well, your joy is higher: 3.1 vs 2.2, over 34 days.';

/**
 * "What moves what" (issue 29): which areas rise and fall together, from the user's history. Premium and AI Coach;
 * others see what it would tell them and the upsell. With `area`, only the findings that involve it (the category page).
 */
export function WhatMovesWhat({ area }: { area?: Area }) {
  const user = useCurrentUser().data;
  const entitled = !!user && usesScale(user.tier);
  const query = useCorrelations(entitled);
  const title = area ? `What moves with ${AREA_LABELS[area]}` : 'What moves what';

  if (!entitled) {
    if (area) return null;
    return (
      <Card>
        <h2 className="text-lg font-bold">{title}</h2>
        <p className="mt-2">
          Once you have 21 check-ins, this shows which of your seven areas rise and fall together, and which day’s habits show
          up in the next day, for example:
        </p>
        <p className="mt-2 rounded-xl bg-surface-2 p-3 italic">{EXAMPLE}</p>
        <p className="mt-2 text-sm text-muted">It is part of the Premium and AI Coach plans.</p>
        <ButtonLink to="/upgrade" block className="mt-4">
          Upgrade to unlock
        </ButtonLink>
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <LoadingStatus>Looking for patterns…</LoadingStatus>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorCard error={query.error} />
    );
  }
  const { ready, checkInsNeeded } = query.data;
  const findings = area ? findingsFor(query.data.findings, area) : query.data.findings;
  if (area && (!ready || !findings.length)) return null;
  return (
    <Card>
      <h2 className="text-lg font-bold">{title}</h2>
      {!ready ? (
        <p className="mt-2" data-testid="correlations-waiting">
          {checkInsNeeded === 1 ? '1 more check-in' : `${checkInsNeeded} more check-ins`} and this shows which of your areas
          rise and fall together.
        </p>
      ) : !findings.length ? (
        <p className="mt-2" data-testid="correlations-none">
          No clear pattern yet: your areas move fairly independently. This is checked again with every check-in.
        </p>
      ) : (
        <>
          <ul className="mt-2 space-y-2" data-testid="correlations">
            {findings.map((f) => (
              <li key={`${f.a}-${f.b}-${f.lag}`} className="rounded-xl bg-surface-2 p-3">
                {f.text}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-muted">These go together in your check-ins; that does not mean one causes the other.</p>
        </>
      )}
    </Card>
  );
}
