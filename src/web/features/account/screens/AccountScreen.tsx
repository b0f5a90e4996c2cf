import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { signOut, useCurrentUser } from '../../../lib/current-user';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { showOverlay } from '../../../components/ui/loading-overlay';
import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /account (spec part 2 §2): name, e-mail, purchase history, sign-out with confirmation. More arrives later. */
export default function AccountScreen() {
  const user = useCurrentUser().data;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSignOut = async () => {
    setBusy(true);
    setConfirming(false);
    showOverlay('logging-out');
    await signOut(queryClient);
  };

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <Page>
      <PageHeader title="Account" backTo="/" />
      <dl className="divide-y divide-border rounded-2xl border border-border bg-surface">
        <div className="flex min-h-14 items-center justify-between gap-4 px-4 py-3">
          <dt className="text-muted">Name</dt>
          <dd className="text-right font-medium" data-testid="account-name">
            {name}
          </dd>
        </div>
        <div className="flex min-h-14 items-center justify-between gap-4 px-4 py-3">
          <dt className="text-muted">Email</dt>
          <dd className="break-all text-right font-medium" data-testid="account-email">
            {user?.email}
          </dd>
        </div>
      </dl>
      <Link
        to="/purchase-history"
        className="mt-4 flex min-h-14 items-center justify-between rounded-2xl border border-border bg-surface px-4 font-medium hover:bg-surface-2"
      >
        Purchase History <span aria-hidden="true">›</span>
      </Link>
      <div className="mt-4">
        <ComingSoon>Coming with account work: editing your profile, age, gender, support and account deletion.</ComingSoon>
      </div>
      <Button variant="destructive" block className="mt-6" onClick={() => setConfirming(true)} disabled={busy}>
        Sign Out
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign Out"
        description="Are you sure you want to sign out?"
        confirmLabel="Sign Out"
        busyLabel="Signing Out..."
        busy={busy}
        destructive
        onConfirm={() => void onSignOut()}
      />
    </Page>
  );
}
