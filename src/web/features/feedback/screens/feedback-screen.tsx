import { useState } from 'react';
import type { FeedbackItem } from '@shared/schemas/feedback';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast, toastError } from '@web/components/ui/toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useDeleteFeedback } from '../api/delete-feedback';
import { useFeedback } from '../api/get-feedback';
import { FeedbackCard } from '../components/feedback-card';
import { feedbackCountText } from '../texts';

function NotAvailable() {
  return (
    <Card>
      <h2 className="text-lg font-bold">Feedback inbox not available</h2>
      <p className="mt-2">
        Only the Big 7 team can read the community&apos;s feedback. If you have something to tell us, send it from the
        feedback form in Settings: we read every message.
      </p>
      <ButtonLink to="/settings" block className="mt-4">
        Go to Settings
      </ButtonLink>
    </Card>
  );
}

/**
 * /feedback (spec part 2 §2, §4, §8): the admins' inbox. Everyone else (the server answers 403) sees that it is
 * not available to them.
 */
export default function FeedbackScreen() {
  const user = useCurrentUser().data;
  const isAdmin = user?.isAdmin ?? false;
  const list = useFeedback(isAdmin);
  const remove = useDeleteFeedback();
  const [pending, setPending] = useState<FeedbackItem | null>(null);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: 'Feedback deleted', description: 'The feedback has been removed successfully.' });
      },
      onError: (err) => {
        setPending(null);
        toastError(err, 'Error', 'Failed to delete feedback');
      },
    });
  };

  const denied = !isAdmin || (list.error instanceof ApiError && list.error.status === 403);
  let body;
  if (denied) body = <NotAvailable />;
  else if (list.isPending)
    body = (
      <p role="status" className="text-muted">
        Loading feedback...
      </p>
    );
  else if (list.isError)
    body = (
      <Card>
        <p role="alert">{errorMessage(list.error, 'Failed to load feedback')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Card>
    );
  else if (list.data.length === 0)
    body = (
      <Card className="text-center">
        <h2 className="text-lg font-bold">No feedback yet</h2>
        <p className="mt-2 text-muted">Feedback from the community will appear here for review.</p>
      </Card>
    );
  else
    body = (
      <section aria-labelledby="recent-messages">
        <div className="mb-3">
          <h2 id="recent-messages" className="text-lg font-bold">
            Recent Messages
          </h2>
          <p className="text-sm text-muted" data-testid="feedback-count">
            {feedbackCountText(list.data.length)}
          </p>
        </div>
        <ul className="space-y-3">
          {list.data.map((item) => (
            <FeedbackCard key={item.id} item={item} onDelete={setPending} />
          ))}
        </ul>
      </section>
    );

  return (
    <Page withNav={false}>
      <PageHeader title="Community Feedback" backTo="/settings" backLabel="Back to Settings" />
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPending(null);
        }}
        title="Delete Feedback"
        description="Are you sure you want to delete this feedback? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
