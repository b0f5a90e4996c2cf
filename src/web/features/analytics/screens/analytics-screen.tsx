import { useMemo, useState } from 'react';
import {
  abbreviateNumber,
  isSaleReady,
  percent,
  priorityActions,
  progressToTarget,
  RETENTION_TARGET,
  SALE_READY_MARKET_READINESS,
} from '@shared/domain/analytics';
import type { AnalyticsMetrics, TimeRange } from '@shared/schemas/analytics';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useAnalyticsMetrics } from '../api/get-analytics-metrics';
import { ChartFigure } from '../components/chart';
import { RegistrationMethodsCard } from '../components/registration-methods-card';
import { MetricCard, NotAvailable, ReadinessRow, RefreshButton, Stat, StatGrid } from '../components/parts';
import { ANALYTICS_TEXTS as T, pctText, rangeOptions, usd } from '../texts';

const n = (v: number) => v.toLocaleString('en-US');

function RangeSelector({ value, onChange }: { value: TimeRange; onChange: (r: TimeRange) => void }) {
  const options = useMemo(() => rangeOptions(new Date()), []);
  return (
    <div role="group" aria-label="Time range" className="mb-4 grid grid-cols-4 gap-1 rounded-xl bg-surface-2 p-1">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          title={o.description}
          onClick={() => onChange(o.value)}
          className={cn(
            'min-h-11 rounded-lg text-sm font-semibold focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
            value === o.value ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-surface-3',
          )}
        >
          {o.label}
          <span className="sr-only"> ({o.description})</span>
        </button>
      ))}
    </div>
  );
}

function Cards({ m }: { m: AnalyticsMetrics }) {
  const subscribers = m.subscriptions.adFree + m.subscriptions.premium + m.subscriptions.aiCoach;
  const aiCoachAdoption = percent(m.subscriptions.aiCoach, subscribers);
  const actions = priorityActions({
    users: m.users.total,
    retentionRate: m.engagement.retentionRate,
    subscriptionRevenue: m.subscriptions.revenue,
    shieldPurchases: m.purchases.shieldPurchases.count,
    aiCoachAdoption,
    marketReadiness: m.projections.marketReadiness,
  });
  const p = m.projections;
  return (
    <>
      <MetricCard id="active-users" title="Active Users">
        <StatGrid>
          <Stat label="Active" value={n(m.users.active)} hint="checked in within the range" />
          <Stat label="New" value={n(m.users.new)} hint="signed up within the range" />
          <Stat label="Total" value={n(m.users.total)} />
          <Stat label="Growth" value={pctText(m.users.growth)} hint={`${n(m.users.deleted)} account(s) deleted`} />
        </StatGrid>
      </MetricCard>

      <MetricCard id="target-audience" title="Target Audience">
        <h3 className="mt-3 text-sm font-semibold">Gender</h3>
        <ChartFigure
          kind="donut"
          caption="Users by gender"
          data={[
            { name: 'Female', value: m.demographics.gender.female },
            { name: 'Male', value: m.demographics.gender.male },
            { name: 'Other', value: m.demographics.gender.other },
            { name: 'Not specified', value: m.demographics.gender.unspecified },
          ]}
        />
        <h3 className="mt-4 text-sm font-semibold">Age</h3>
        <ChartFigure kind="bars" showShare caption="Users by age range" data={m.demographics.ageRanges.map((a) => ({ name: a.range, value: a.count }))} />
      </MetricCard>

      <MetricCard id="revenue" title="Revenue Analytics">
        <StatGrid>
          <Stat label="Subscription revenue" value={usd(m.subscriptions.revenue)} hint="per month, paid plans" />
          <Stat label="Monthly revenue" value={usd(p.monthlyRevenue)} hint="subscriptions + purchases" />
          <Stat label="Shield purchases" value={n(m.purchases.shieldPurchases.count)} hint={usd(m.purchases.shieldPurchases.revenue)} />
          <Stat label="Streak recoveries" value={n(m.purchases.recoveryPurchases.count)} hint={usd(m.purchases.recoveryPurchases.revenue)} />
        </StatGrid>
      </MetricCard>

      <MetricCard id="subscriptions" title="Subscription Analytics">
        <ChartFigure
          kind="bars"
          showShare
          caption="Users by plan (trials count under their plan)"
          data={[
            { name: 'Free', value: m.subscriptions.free },
            { name: 'Ad-Free', value: m.subscriptions.adFree },
            { name: 'Premium', value: m.subscriptions.premium },
            { name: 'AI Coach', value: m.subscriptions.aiCoach },
          ]}
        />
        <StatGrid cols={3}>
          <Stat label="Premium trials" value={n(m.trials.premium)} />
          <Stat label="AI Coach trials" value={n(m.trials.aiCoach)} />
          <Stat label="Coupon users" value={n(m.couponUsers.total)} hint={`${n(m.couponUsers.premium)} Premium · ${n(m.couponUsers.aiCoach)} AI Coach`} />
          <Stat label="Shields used" value={n(m.freezeDays)} hint="freeze days in the range" />
        </StatGrid>
      </MetricCard>

      <RegistrationMethodsCard methods={m.registrationMethods} />

      <MetricCard id="engagement" title="Engagement">
        <StatGrid>
          <Stat label="Daily check-ins" value={String(m.engagement.dailyCheckIns)} hint="average per day" />
          <Stat label="Average streak" value={`${m.engagement.streakAverage} days`} />
          <Stat label="Retention" value={pctText(m.engagement.retentionRate)} hint={`target ${RETENTION_TARGET}%`} />
          <Stat label="Completion" value={pctText(m.engagement.completionRate)} hint="check-ins made of possible" />
        </StatGrid>
      </MetricCard>

      <MetricCard id="projections" title="Business Projections">
        <StatGrid>
          <Stat label="Monthly growth" value={pctText(p.monthlyGrowth)} />
          <Stat label="Revenue growth" value={pctText(p.revenueGrowthRate)} />
          <Stat label="Yearly revenue" value={usd(p.yearlyRevenue)} />
          <Stat label="Lifetime value" value={usd(p.ltv)} hint="per user" />
          <Stat label="Break-even" value={p.breakEvenMonths === null ? '—' : `${p.breakEvenMonths} mo`} hint={p.breakEvenMonths === null ? 'no revenue yet' : 'to recover acquisition cost'} />
          <Stat label="Churn next month" value={pctText(p.churnPrediction)} />
          <Stat label="Valuation estimate" value={`$${abbreviateNumber(p.valuationEstimate)}`} />
          <Stat label="Target users" value={abbreviateNumber(p.targetUsers)} hint={`${progressToTarget(m.users.total)} reached`} />
        </StatGrid>
      </MetricCard>

      <MetricCard id="strategy" title="Growth Strategy">
        <ReadinessRow label="Market readiness" score={p.marketReadiness} />
        <p className="mt-1 text-sm">
          {isSaleReady(p.marketReadiness)
            ? 'Sale-ready.'
            : `Not sale-ready yet: ${SALE_READY_MARKET_READINESS} needed.`}
        </p>
        <h3 className="mt-3 text-sm font-semibold">Priority actions</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
          {actions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ol>
      </MetricCard>
    </>
  );
}

/** /analytics (spec part 2 §2, §8): business analytics by range, for admins. */
export default function AnalyticsScreen() {
  const user = useCurrentUser().data;
  const isAdmin = user?.isAdmin ?? false;
  const [range, setRange] = useState<TimeRange>('30d');
  const q = useAnalyticsMetrics(range, isAdmin);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    const r = await q.refetch();
    setRefreshing(false);
    if (r.isError) toast(T.refreshFailed);
    else toast(T.refreshed);
  };

  const denied = !isAdmin || (q.error instanceof ApiError && q.error.status === 403);
  let body;
  if (denied) body = <NotAvailable what="Business analytics" />;
  else if (q.isPending)
    body = (
      <p role="status" className="text-muted">
        {T.loadingAnalytics}
      </p>
    );
  else if (q.isError && !q.data)
    body = (
      <Card>
        <p role="alert">{errorMessage(q.error, T.loadFailed)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </Card>
    );
  else if (q.data)
    body = (
      <>
        <RangeSelector value={range} onChange={setRange} />
        <div aria-busy={q.isFetching} className={cn(q.isPlaceholderData && 'opacity-60')}>
          <Cards m={q.data} />
        </div>
      </>
    );

  return (
    <Page>
      <PageHeader title={T.analyticsTitle} backTo="/settings" backLabel="Back to Settings">
        {!denied && q.data && <RefreshButton busy={refreshing} onClick={() => void refresh()} />}
      </PageHeader>
      {body}
    </Page>
  );
}
