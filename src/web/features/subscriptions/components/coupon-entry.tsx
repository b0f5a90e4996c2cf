import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useRedeemCoupon } from '../api/redeem-coupon';
import { COUPON_TEXTS, couponFailureText } from '../coupon-texts';

/** Coupon entry on /upgrade: Apply is disabled while the code is empty after trimming. */
export function CouponEntry() {
  const id = useId();
  const [code, setCode] = useState('');
  const redeem = useRedeemCoupon();
  const trimmed = code.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed, {
      onSuccess: (res) => {
        toast({ title: COUPON_TEXTS.successTitle, description: res.benefit ? `${res.message} ${res.benefit}.` : res.message });
        setCode('');
      },
      onError: (err) => toast({ title: COUPON_TEXTS.failedTitle, description: couponFailureText(err), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border border-border bg-surface p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Have a coupon?
      </h2>
      <label htmlFor={`${id}-code`} className="mt-2 block font-medium">
        Coupon code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={64}
          placeholder="Enter code"
          className="block min-h-11 w-full flex-1 rounded-xl border border-border-strong bg-input px-3 py-2 uppercase text-fg placeholder:normal-case placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        />
        <Button type="submit" disabled={!trimmed || redeem.isPending}>
          {redeem.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
    </form>
  );
}
