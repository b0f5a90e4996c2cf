import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FREEZE_DAYS_BY_TIER, TIER_LABELS } from '@shared/domain/tiers';
import { ApiError } from '@web/lib/api-client';
import { Button, buttonClass } from '@web/components/ui/button';
import { LeaveDevModeButton } from '@web/components/ui/leave-dev-mode';
import { TextField } from '@web/components/ui/field';
import { toast } from '@web/components/ui/toast';
import { redeemCoupon } from '@web/features/subscriptions/api/redeem-coupon';
import { sendTestNotification } from '@web/features/notifications/api/send-test-notification';
import { createLostStreak } from '../api/create-lost-streak';
import { resetFreezeDays } from '../api/reset-freeze-days';
import { resetStreak } from '../api/reset-streak';
import { resetTrialNotification } from '../api/reset-trial-notification';
import { setStreak } from '../api/set-streak';
import { simulateShieldProtection } from '../api/simulate-shield-protection';
import { parseDays, refreshAfterDevAction, simulateShieldPayment, testNotificationToast } from '../lib/developer-tools';

const FREEZE_TIERS = ['ad-free', 'premium', 'ai-coach'] as const;
const DEV_COUPONS = ['OFFERPREMIUM30', 'OFFERAI30'] as const;

function failureText(err: unknown): string {
  if (err instanceof ApiError) return err.status === 404 ? 'This tool is not available on this server.' : err.serverMessage;
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/** Runs one developer call with a busy state, a toast for the answer, and a refresh of everything shown. */
function useDevAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, fn: () => Promise<{ message?: string } | undefined>, title = 'Done') => {
    setBusy(name);
    try {
      const res = await fn();
      toast({ title, description: res?.message ?? 'Done.' });
      await refreshAfterDevAction();
    } catch (err) {
      toast({ title: 'Developer Tool Failed', description: failureText(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, setBusy, run };
}

function DaysForm({
  label,
  button,
  min,
  max,
  busy,
  onSubmit,
}: {
  label: string;
  button: string;
  min: number;
  max: number;
  busy: boolean;
  onSubmit: (days: number) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseDays(value, min, max);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    onSubmit(parsed.value);
  };
  return (
    <form onSubmit={submit} noValidate className="flex items-end gap-2">
      <TextField
        className="flex-1"
        label={label}
        inputMode="numeric"
        value={value}
        error={error}
        hint={`${min} to ${max} days`}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" disabled={busy} className="mb-7">
        {button}
      </Button>
    </form>
  );
}

/** Developer tools on /settings (spec part 2 §4), shown only in developer mode. */
export function DeveloperTools() {
  const { busy, setBusy, run } = useDevAction();
  const navigate = useNavigate();
  const sendTest = async () => {
    setBusy('notify');
    toast(testNotificationToast(await sendTestNotification().catch((err: unknown) => err)));
    setBusy(null);
  };
  const anyBusy = busy !== null;
  return (
    <section aria-labelledby="developer-tools" className="mt-4 space-y-4 rounded-2xl border-2 border-warning-border bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="developer-tools" className="text-lg font-bold">
          Developer Tools
        </h2>
        <LeaveDevModeButton className={buttonClass('outline')} label="Turn Off Developer Mode" />
      </div>

      <DaysForm label="Lost streak (days)" button="Create" min={1} max={365} busy={anyBusy} onSubmit={(n) => void run('lost', () => createLostStreak(n), 'Lost Streak Created')} />
      <DaysForm label="Set streak (days)" button="Set" min={0} max={365} busy={anyBusy} onSubmit={(n) => void run('set', () => setStreak(n), 'Streak Set')} />

      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant="secondary" disabled={anyBusy} onClick={() => void run('reset', resetStreak, 'Streak Reset')}>
          Reset Streak
        </Button>
        <Button variant="secondary" disabled={anyBusy} onClick={() => void run('trial', resetTrialNotification, 'Trial Notification Reset')}>
          Reset Trial Notification
        </Button>
        <Button variant="secondary" disabled={anyBusy} onClick={() => void run('shield', simulateShieldProtection, 'Shield Protection Simulated')}>
          Simulate Shield Protection
        </Button>
        <Button variant="secondary" disabled={anyBusy} aria-busy={busy === 'notify'} onClick={() => void sendTest()}>
          {busy === 'notify' ? 'Sending…' : 'Send Test Notification'}
        </Button>
      </div>

      <fieldset>
        <legend className="font-medium">Reset freeze days</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {FREEZE_TIERS.map((t) => (
            <Button key={t} variant="secondary" disabled={anyBusy} onClick={() => void run(`freeze-${t}`, () => resetFreezeDays(FREEZE_DAYS_BY_TIER[t]), 'Freeze Days Reset')}>
              {FREEZE_DAYS_BY_TIER[t]} ({TIER_LABELS[t]})
            </Button>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="font-medium">Redeem coupon</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {DEV_COUPONS.map((code) => (
            <Button key={code} variant="secondary" disabled={anyBusy} onClick={() => void run(code, () => redeemCoupon(code), 'Coupon Applied!')}>
              {code}
            </Button>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-2">
        <Link to="/analytics" className="flex min-h-11 items-center justify-center rounded-xl border border-border-strong font-semibold hover:bg-surface-2">
          Analytics
        </Link>
        <Link to="/feedback" className="flex min-h-11 items-center justify-center rounded-xl border border-border-strong font-semibold hover:bg-surface-2">
          Feedback
        </Link>
      </div>
      <Button
        variant="secondary"
        block
        disabled={anyBusy}
        onClick={() =>
          void simulateShieldPayment().then(
            (url) => navigate(url),
            (err: unknown) => toast({ title: 'Developer Tool Failed', description: failureText(err), variant: 'destructive' }),
          )
        }
      >
        Simulate Shield Payment Success
      </Button>
    </section>
  );
}
