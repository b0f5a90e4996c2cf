import { AREA_LABELS } from '@shared/domain/scoring';
import { usesScale } from '@shared/domain/tiers';
import { ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Card, LoadErrorCard, LoadingStatus, Page, PageHeader } from '@web/components/ui/page';
import { useHistory } from '@web/features/check-ins/api/get-history';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS, moreNeededText } from '@shared/domain/early-days';
import { scoreTextClass } from '@web/lib/score-colors';
import { useTips } from '../api/get-tips';
import { PERIOD_LABELS, scoreWord } from '@shared/domain/insights';

/** /tips (spec part 2 §2): personalised tips for premium and ai-coach; an upsell to /upgrade otherwise. */
export default function TipsScreen() {
  const user = useCurrentUser().data;
  const entitled = !!user && usesScale(user.tier);
  const tips = useTips(entitled);
  const count = useHistory().data?.count ?? 0;
  // Levels wait for enough check-ins (decision 020): before that, the score without a verdict or a colour.
  const enough = hasEnoughForLevels(count);

  return (
    <Page>
      <PageHeader title="Personalized Tips" backTo="/" backLabel="Back to Dashboard" />
      {!entitled ? (
        <Card>
          <h2 className="text-lg font-bold">Tips made for you</h2>
          <p className="mt-2">
            Personalized tips look at your check-ins and give you advice for each of the seven areas. They are part of
            the Premium and AI Coach plans.
          </p>
          <ButtonLink to="/upgrade" block className="mt-4">
            Upgrade to unlock
          </ButtonLink>
        </Card>
      ) : tips.isPending ? (
        <LoadingStatus>Loading your tips…</LoadingStatus>
      ) : tips.isError ? (
        <LoadErrorCard error={tips.error} />
      ) : tips.data.tips.length === 0 ? (
        <Card>
          <p className="font-semibold">Unlock with your first check-in</p>
          <p className="mt-1 text-muted">Your tips are based on your check-ins. Complete one to get them.</p>
          <ButtonLink to="/checkin" block className="mt-4">
            Go to check-in
          </ButtonLink>
        </Card>
      ) : (
        <>
        {!enough && (
          <p className="mb-3 text-muted" data-testid="tips-early">
            Early days: {moreNeededText(count, MIN_CHECK_INS_FOR_LEVELS, 'level')} in each area. Until then, here is a small
            first step for each one.
          </p>
        )}
        <ul className="space-y-3">
          {[...tips.data.tips]
            .sort((a, b) => a.score - b.score)
            .map((t) => (
              <li key={t.category}>
                <Card>
                  <div className="flex items-center justify-between gap-3">
                    <h2 className="flex items-center gap-2 text-lg font-bold">
                      <span aria-hidden="true">{t.icon}</span>
                      {AREA_LABELS[t.category]}
                    </h2>
                    <span className={cn('text-right font-bold tabular-nums', enough ? scoreTextClass(t.score) : 'text-fg')} data-testid={`tip-score-${t.category}`}>
                      {enough ? `${t.score}% · ${scoreWord(t.score)}` : `${t.score}%`}
                      <span className="block text-xs font-normal text-muted">{PERIOD_LABELS.allTime}</span>
                    </span>
                  </div>
                  <p className="mt-2">{t.tip}</p>
                </Card>
              </li>
            ))}
        </ul>
        </>
      )}
    </Page>
  );
}
