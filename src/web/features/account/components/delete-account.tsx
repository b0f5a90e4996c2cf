import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DELETE_CONTINUE, DELETION_OFFERS, type DeletionOffer } from '@shared/schemas/account';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog, Modal } from '@web/components/ui/dialog';
import { showOverlay } from '@web/components/ui/loading-overlay';
import { toast, toastError } from '@web/components/ui/toast';
import { useDeleteAccount } from '../api/delete-account';
import { getDeletionOfferQueryOptions } from '../api/get-deletion-offer';
import { useRedeemCoupon } from '@web/features/subscriptions/api/redeem-coupon';
import { wipeBrowserData } from '@web/lib/browser-data';
import { detached } from '@web/lib/detached';

/** Deletes the account; afterwards every local trace goes and the app loads / (spec part 2 §4). */
export function useAccountDeletion() {
  const qc = useQueryClient();
  const del = useDeleteAccount();
  const run = () =>
    del.mutate(undefined, {
      onSuccess: detached(async () => {
        showOverlay('logging-out');
        await wipeBrowserData('account-deleted');
        qc.clear();
        window.location.assign('/');
      }),
      onError: (err) => toastError(err, 'Account Deletion Failed'),
    });
  return { run, busy: del.isPending };
}

type Step = { kind: 'closed' } | { kind: 'offer'; offer: NonNullable<DeletionOffer['offer']> } | { kind: 'confirm' };

/**
 * The Delete Account row's flow: first the one-time offer when there is one (AI Coach for premium users, Premium
 * for free and ad-free users who have not used it), then the confirmation. Accepting an offer redeems its coupon.
 */
export function DeleteAccountFlow({ children }: { children: (start: () => void, starting: boolean) => ReactNode }) {
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [starting, setStarting] = useState(false);
  const deletion = useAccountDeletion();
  const redeem = useRedeemCoupon();

  const start = async () => {
    setStarting(true);
    try {
      const { offer } = await qc.fetchQuery(getDeletionOfferQueryOptions());
      setStep(offer ? { kind: 'offer', offer } : { kind: 'confirm' });
    } catch (err) {
      // Without the offer answer the user can still delete.
      console.warn('Deletion offer check failed', err);
      setStep({ kind: 'confirm' });
    } finally {
      setStarting(false);
    }
  };

  const close = () => setStep({ kind: 'closed' });
  const offerText = step.kind === 'offer' ? DELETION_OFFERS[step.offer.tier] : null;

  return (
    <>
      {children(() => void start(), starting)}
      <Modal
        open={step.kind === 'offer'}
        onOpenChange={(o) => {
          if (!o) close();
        }}
        title={offerText?.title ?? ''}
        description={offerText?.description}
        closeButton
      >
        <div className="mt-6 grid gap-3">
          <Button
            block
            disabled={redeem.isPending}
            onClick={() => {
              if (step.kind !== 'offer') return;
              redeem.mutate(step.offer.code, {
                onSuccess: (r) => {
                  toast({ title: 'Offer Claimed!', description: r.message });
                  close();
                },
                onError: (err) => {
                  console.warn('Offer redemption failed', err);
                  toastError(err, 'Redemption Failed', 'This coupon code is not valid or has expired');
                  close();
                },
              });
            }}
          >
            {redeem.isPending ? 'Claiming...' : (offerText?.accept ?? '')}
          </Button>
          <Button variant="outline" block disabled={redeem.isPending} onClick={() => setStep({ kind: 'confirm' })}>
            {DELETE_CONTINUE}
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={step.kind === 'confirm'}
        onOpenChange={(o) => {
          if (!o && !deletion.busy) close();
        }}
        title="Delete Account"
        description="This permanently deletes your account and all of your data — check-ins, journals, streaks and shields. This cannot be undone."
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        busy={deletion.busy}
        destructive
        closeButton
        onConfirm={deletion.run}
      />
    </>
  );
}
