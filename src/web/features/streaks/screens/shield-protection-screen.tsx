import { FREEZE_DAYS_BY_TIER, OPEN_TIERS, TIER_LABELS } from '@shared/domain/tiers';
import { PRICES_CENTS, formatUsd } from '@shared/domain/prices';
import { ButtonLink } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { useStreak } from '../api/get-streak';
import { shieldText, STREAK_TEXTS } from '../texts';

/** /shield-protection — how shields work and how many each tier includes. */
export default function ShieldProtectionScreen() {
  const streak = useStreak().data;
  return (
    <Page>
      <PageHeader title="Shield Protection" backTo="/streak" backLabel="Back to streak journey" />
      {streak && (
        <Card>
          <p className="text-2xl font-bold">
            <span aria-hidden="true">🛡️ </span>
            {shieldText(streak.freezeDaysRemaining)} {streak.freezeDaysRemaining === 1 ? 'shield' : 'shields'} left
          </p>
        </Card>
      )}
      <Card className="mt-4 space-y-2">
        <h2 className="text-lg font-bold">How shields work</h2>
        <p>When a day ends without a check-in, one shield is used automatically and the day is marked frozen (❄️). Your streak stays safe.</p>
        <p>With no shields left, a missed day breaks the streak; it falls back to the highest milestone you reached (30, 100, 365 or 730 days).</p>
        <p>A lost streak of 7 days or more can be recovered within 7 days for {formatUsd(PRICES_CENTS.streakRecovery)}.</p>
        <p>{STREAK_TEXTS.restDaysVsShields}</p>
      </Card>
      <Card className="mt-4">
        <h2 className="text-lg font-bold">Shields by plan</h2>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-sm text-muted">
              <th scope="col" className="py-1">Plan</th>
              <th scope="col" className="py-1">Shields</th>
            </tr>
          </thead>
          <tbody>
            {OPEN_TIERS.map((t) => (
              <tr key={t} className="border-t border-border">
                <td className="py-2">{TIER_LABELS[t]}</td>
                <td className="py-2">{FREEZE_DAYS_BY_TIER[t]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted">Extra shields cost {formatUsd(PRICES_CENTS.shield)} each.</p>
      </Card>
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to="/usage-history" variant="outline" block>
          Shield usage history
        </ButtonLink>
        <ButtonLink to="/upgrade" block>
          See plans
        </ButtonLink>
      </div>
    </Page>
  );
}
