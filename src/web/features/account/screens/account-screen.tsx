import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AGE_MIN } from '@shared/schemas/account';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { signOut } from '@web/features/auth/api/sign-out';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { showOverlay } from '@web/components/ui/loading-overlay';
import { Page, PageHeader } from '@web/components/ui/page';
import { toast, toastError } from '@web/components/ui/toast';
import { cn } from '@web/components/ui/cn';
import { useUpdateProfile } from '../api/update-profile';
import { DataExport } from '../components/data-export';
import { DataImport } from '../components/data-import';
import { DeleteAccountFlow, useAccountDeletion } from '../components/delete-account';
import { AgeDialog, GenderDialog, genderLabel, NameDialog, UnderAgeNotice } from '../components/profile-dialogs';
import { SupportDialog } from '../components/support-dialog';
import { ChevronRight } from 'lucide-react';

type Open = null | 'name' | 'age' | 'gender' | 'under-13' | 'sign-out' | 'support';

const rowClass =
  'flex min-h-14 w-full items-center justify-between gap-4 px-4 py-3 text-left focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-ring';

function Chevron() {
  return (
    <ChevronRight aria-hidden="true" size={18} strokeWidth={2.5} className="shrink-0 text-muted" />
  );
}

/** A tappable row: label, current value, chevron. */
function EditRow({ label, value, onClick, testId }: { label: string; value: ReactNode; onClick: () => void; testId: string }) {
  return (
    <li>
      <button type="button" className={cn(rowClass, 'hover:bg-surface-2')} onClick={onClick} aria-label={`${label}: ${typeof value === 'string' ? value : ''}. Edit`}>
        <span className="text-muted">{label}</span>
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" data-testid={testId}>
            {value}
          </span>
          <Chevron />
        </span>
      </button>
    </li>
  );
}

/** Payment return query (spec part 2 §2 /account): a toast, then the query is removed. */
function usePaymentReturnToast() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const payment = params.get('payment');
  useEffect(() => {
    if (payment === 'success' && params.get('session_id')) toast({ title: 'Payment Successful', description: 'Thank you for your purchase.' });
    else if (payment === 'cancelled') toast({ title: 'Payment Cancelled', description: 'No charges were made.' });
    if (payment !== null) void navigate('/account', { replace: true });
  }, [payment, params, navigate]);
}

/**
 * /account (spec part 2 §2, §4, §5): profile rows with their edit modals, purchase history, sign-out and account
 * deletion (with the one-time offers), Contact Support and the data exports.
 */
export default function AccountScreen() {
  const user = useCurrentUser().data;
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const deletion = useAccountDeletion();
  const [open, setOpen] = useState<Open>(null);
  const [signingOut, setSigningOut] = useState(false);
  usePaymentReturnToast();

  const save = (fields: Parameters<typeof update.mutate>[0]) =>
    update.mutate(fields, {
      onSuccess: () => setOpen(null),
      onError: (err) => {
        console.warn('Profile update failed', err);
        toastError(err, 'Update Failed');
      },
    });

  const onSignOut = async () => {
    setSigningOut(true);
    setOpen(null);
    showOverlay('logging-out');
    await signOut(queryClient);
  };

  const dialog = (name: Exclude<Open, null>) => ({
    open: open === name,
    onOpenChange: (o: boolean) => setOpen(o ? name : null),
  });
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <Page>
      <PageHeader title="Account" backTo="/" />
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="sr-only">
          Profile
        </h2>
        <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
          <EditRow label="Name" value={name} testId="account-name" onClick={() => setOpen('name')} />
          <li className={rowClass}>
            <span className="text-muted">Email</span>
            <span className="min-w-0 break-all text-right font-medium" data-testid="account-email">
              {user?.email}
            </span>
          </li>
          <EditRow label="Age" value={user?.age ?? 'Not set'} testId="account-age" onClick={() => setOpen('age')} />
          <EditRow label="Gender" value={genderLabel(user)} testId="account-gender" onClick={() => setOpen('gender')} />
        </ul>
      </section>

      <ul className="mt-4 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        <li>
          <Link to="/purchase-history" className={cn(rowClass, 'font-medium hover:bg-surface-2')}>
            Purchase History <Chevron />
          </Link>
        </li>
        <li>
          <button type="button" className={cn(rowClass, 'font-medium hover:bg-surface-2')} onClick={() => setOpen('support')}>
            Contact Support <Chevron />
          </button>
        </li>
      </ul>

      <DataExport />
      <DataImport />

      <ul className="mt-4 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        <li>
          <button type="button" className={cn(rowClass, 'font-medium hover:bg-surface-2')} onClick={() => setOpen('sign-out')} disabled={signingOut}>
            Sign Out <Chevron />
          </button>
        </li>
        <li>
          <DeleteAccountFlow>
            {(start, starting) => (
              <button type="button" className={cn(rowClass, 'font-semibold text-danger-text hover:bg-surface-2')} onClick={start} disabled={starting}>
                {starting ? 'Delete Account…' : 'Delete Account'} <Chevron />
              </button>
            )}
          </DeleteAccountFlow>
        </li>
      </ul>

      <NameDialog {...dialog('name')} busy={update.isPending} current={user?.firstName ?? ''} onSave={(firstName) => save({ firstName })} />
      <AgeDialog
        {...dialog('age')}
        busy={update.isPending}
        current={user?.age ?? null}
        onSave={(age) => (age < AGE_MIN ? setOpen('under-13') : save({ age }))}
      />
      <UnderAgeNotice
        open={open === 'under-13'}
        busy={deletion.busy}
        // Cancel resets the age: the stepper opens again on the saved value.
        onCancel={() => setOpen(null)}
        onUnderstand={deletion.run}
      />
      <GenderDialog {...dialog('gender')} busy={update.isPending} current={user?.gender ?? null} onSave={(gender) => save({ gender })} />
      <SupportDialog {...dialog('support')} />
      <ConfirmDialog
        {...dialog('sign-out')}
        title="Sign Out"
        description="Are you sure you want to sign out?"
        confirmLabel="Sign Out"
        busyLabel="Signing Out..."
        busy={signingOut}
        destructive
        closeButton
        onConfirm={() => void onSignOut()}
      />
    </Page>
  );
}
