import { useState } from 'react';
import { abbreviateNumber, progressToTarget } from '@shared/domain/analytics';
import { READINESS_CATEGORIES, type ReadinessCategory } from '@shared/schemas/analytics';
import { TIER_LABELS, TIERS } from '@shared/domain/tiers';
import { Button } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/components/ui/cn';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useBusinessMetrics } from '../api/get-business-metrics';
import { useFailedJobs } from '../api/get-failed-jobs';
import { useHealth } from '../api/get-health';
import { useScalingReadiness } from '../api/get-scaling-readiness';
import { ChartFigure } from '../components/chart';
import { RegistrationMethodsCard } from '../components/registration-methods-card';
import { MetricCard, NotAvailable, ReadinessBar, ReadinessRow, RefreshButton, Stat, StatGrid } from '../components/parts';
import { ANALYTICS_TEXTS as T, DASHBOARD_REFRESH_SPIN_MS, pctText, usd } from '../texts';

const CATEGORY_LABELS: Record<ReadinessCategory, string> = {
  infrastructure: 'Infrastructure',
  database: 'Database',
  userGrowth: 'User growth',
  revenue: 'Revenue',
  engagement: 'Engagement',
  retention: 'Retention',
};

const STATUS_CLASSES = {
  healthy: 'text-green-700 dark:text-green-300',
  degraded: 'text-yellow-800 dark:text-yellow-300',
  unhealthy: 'text-red-700 dark:text-red-300',
} as const;

const uptimeText = (s: number) => (s >= 86_400 ? `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h` : s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min` : `${Math.floor(s / 60)} min`);

/** /business-dashboard (spec part 2 §2, §4): the enterprise view toward 2M subscribers, for admins. */
export default function BusinessDashboardScreen() {
  const user = useCurrentUser().data;
  const isAdmin = user?.isAdmin ?? false;
  const metrics = useBusinessMetrics(isAdmin);
  const readiness = useScalingReadiness(isAdmin);
  const health = useHealth(isAdmin);
  const failedJobs = useFailedJobs(isAdmin);
  const [spinning, setSpinning] = useState(false);

  const refresh = async () => {
    setSpinning(true);
    const [results] = await Promise.all([
      Promise.all([metrics.refetch(), readiness.refetch(), health.refetch(), failedJobs.refetch()]),
      new Promise((r) => setTimeout(r, DASHBOARD_REFRESH_SPIN_MS)),
    ]);
    setSpinning(false);
    if (results.some((r) => r.isError)) toast(T.refreshFailed);
  };

  const denied = !isAdmin || [metrics.error, readiness.error].some((e) => e instanceof ApiError && e.status === 403);
  const m = metrics.data;
  const r = readiness.data;
  const h = health.data;
  let body;
  if (denied) body = <NotAvailable what="Business dashboard" />;
  else if (metrics.isPending || readiness.isPending)
    body = (
      <p role="status" className="text-muted">
        {T.loadingDashboard}
      </p>
    );
  else if (!m || !r)
    body = (
      <Card>
        <p role="alert">{errorMessage(metrics.error ?? readiness.error, T.loadFailed)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void refresh()}>
          Try again
        </Button>
      </Card>
    );
  else
    body = (
      <>
        <MetricCard id="health" title="System Health">
          {h ? (
            <StatGrid cols={3}>
              <div className="rounded-xl bg-surface-2 p-3">
                <dt className="text-xs font-medium text-muted">Status</dt>
                <dd className={cn('mt-1 text-xl font-bold capitalize', STATUS_CLASSES[h.status])}>{h.status}</dd>
              </div>
              <Stat label="Database" value={h.database.responseTime < 0 ? 'down' : `${h.database.responseTime} ms`} hint="response time" />
              <Stat label="Memory" value={pctText(h.memory.percentage)} hint="in use" />
              <Stat label="Uptime" value={uptimeText(h.uptime)} />
              {failedJobs.data && <Stat label="Failed jobs" value={String(failedJobs.data.total)} hint="given up after retries" />}
            </StatGrid>
          ) : (
            <p className="mt-2 text-sm text-muted">{health.isError ? 'Health report unavailable.' : 'Checking...'}</p>
          )}
          {failedJobs.data && failedJobs.data.jobs.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold">Latest failed jobs</h3>
              <ul className="mt-1 space-y-2 text-sm">
                {failedJobs.data.jobs.map((j) => (
                  <li key={j.id} className="rounded-xl bg-surface-2 p-3">
                    <p className="font-medium break-all">
                      {j.kind} · {j.key}
                    </p>
                    <p className="text-muted">
                      {j.attempts} of {j.maxAttempts} attempts{j.failedAt ? `, given up ${new Date(j.failedAt).toLocaleString()}` : ''}
                    </p>
                    {j.lastError && <p className="mt-1 break-words">{j.lastError}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </MetricCard>

        <section aria-labelledby="headline" className="mb-4">
          <h2 id="headline" className="sr-only">
            Headline figures
          </h2>
          <dl className="grid grid-cols-2 gap-2">
            <Stat label="Total users" value={abbreviateNumber(m.totalUsers)} />
            <Stat label="Daily active" value={abbreviateNumber(m.activeUsers.daily)} />
            <Stat label="MRR" value={`$${abbreviateNumber(m.revenue.mrr)}`} />
            <Stat label="Average streak" value={`${m.engagement.avgStreakLength} days`} />
          </dl>
        </section>

        <RegistrationMethodsCard methods={m.registrationMethods} />

        <MetricCard id="readiness" title="Scaling Readiness toward 2M">
          <ReadinessRow label="Overall readiness" score={r.overallReadiness} />
          <p className="mt-1 text-sm">
            {abbreviateNumber(r.currentUsers)} of {abbreviateNumber(r.targetUsers)} subscribers ({progressToTarget(r.currentUsers)})
          </p>
          <div className="mt-3">
            {READINESS_CATEGORIES.map((c) => (
              <ReadinessBar key={c} label={CATEGORY_LABELS[c]} score={r.readinessScore[c]} />
            ))}
          </div>
          <h3 className="mt-4 text-sm font-semibold">Priority actions</h3>
          {r.recommendations.length === 0 ? (
            <p className="mt-1 text-sm text-muted">Nothing urgent.</p>
          ) : (
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
              {r.recommendations.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ol>
          )}
        </MetricCard>

        <MetricCard id="tiers" title="Subscription Tiers">
          <ChartFigure
            kind="bars"
            showShare
            caption="Users by plan (trials count under their plan)"
            format={abbreviateNumber}
            data={TIERS.filter((t) => t !== 'therapy' || (m.subscriptions[t] ?? 0) > 0).map((t) => ({ name: TIER_LABELS[t], value: m.subscriptions[t] ?? 0 }))}
          />
        </MetricCard>

        <MetricCard id="engagement" title="Engagement">
          <StatGrid cols={3}>
            <Stat label="Average streak" value={`${m.engagement.avgStreakLength} days`} />
            <Stat label="Check-ins per user" value={String(m.engagement.avgCheckInsPerUser)} />
            <Stat label="Completion" value={pctText(m.engagement.completionRate)} hint="last 30 days" />
          </StatGrid>
        </MetricCard>

        <MetricCard id="active" title="Active Users">
          <ChartFigure
            kind="bars"
            caption="Users who checked in within the last day, 7 days and 30 days"
            format={abbreviateNumber}
            data={[
              { name: 'Daily', value: m.activeUsers.daily },
              { name: 'Weekly', value: m.activeUsers.weekly },
              { name: 'Monthly', value: m.activeUsers.monthly },
            ]}
          />
        </MetricCard>

        <MetricCard id="revenue" title="Revenue Analytics">
          <StatGrid cols={3}>
            <Stat label="MRR" value={usd(m.revenue.mrr)} hint="paid plans" />
            <Stat label="ARPU" value={usd(m.revenue.arpu)} hint="per user, monthly" />
            <Stat label="Churn" value={pctText(m.revenue.churnRate)} hint="last 30 days" />
          </StatGrid>
        </MetricCard>
      </>
    );

  return (
    <Page>
      <PageHeader title={T.dashboardTitle} backTo="/settings" backLabel="Back to Settings">
        {!denied && m && <RefreshButton busy={spinning} onClick={() => void refresh()} />}
      </PageHeader>
      {body}
    </Page>
  );
}
