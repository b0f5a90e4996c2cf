import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import type { Plan } from '../plans';
import { CheckList } from '@web/components/ui/check-list';

export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'scheduled' | 'coming-soon' | 'unavailable';

const ACTION_LABEL: Record<PlanAction, string> = {
  current: 'Current Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  scheduled: 'Starts at renewal',
  'coming-soon': 'Coming Soon',
  unavailable: 'Unavailable',
};

/**
 * One plan on /upgrade: name, price, inclusions and the one action that applies to it. `recommended`: the one plan
 * the screen suggests (issue 30), marked as such and drawn out; the current plan is marked "Your plan".
 */
export function PlanCard({
  plan,
  action,
  busy,
  onSelect,
  recommended = false,
}: {
  plan: Plan;
  action: PlanAction;
  busy: boolean;
  onSelect: () => void;
  recommended?: boolean;
}) {
  const id = useId();
  const current = action === 'current';
  return (
    <section
      aria-labelledby={`${id}-name`}
      data-testid={`plan-${plan.tier}`}
      className={cn('rounded-2xl border bg-surface p-4', current || recommended ? 'border-2 border-primary' : 'border-border', plan.comingSoon && 'opacity-80')}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${id}-name`} className="text-lg font-bold">
          {plan.name}
        </h3>
        {current && <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg">Your plan</span>}
        {recommended && !current && (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg" data-testid="plan-recommended">
            Recommended
          </span>
        )}
        {plan.comingSoon && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">Coming Soon</span>}
      </div>
      <p className="mt-1">
        <span className="text-2xl font-bold">{plan.price}</span> <span className="text-muted">{plan.period}</span>
      </p>
      <CheckList items={plan.includes} className="mt-3" />
      <Button
        className="mt-4"
        block
        variant={action === 'upgrade' ? 'primary' : action === 'downgrade' ? 'outline' : 'secondary'}
        disabled={action !== 'upgrade' && action !== 'downgrade' ? true : busy}
        onClick={onSelect}
        aria-label={action === 'upgrade' || action === 'downgrade' ? `${ACTION_LABEL[action]} to ${plan.name}` : undefined}
      >
        {ACTION_LABEL[action]}
      </Button>
    </section>
  );
}
