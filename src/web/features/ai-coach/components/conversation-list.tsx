import { useState } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '@shared/schemas/ai-coach';
import { AI_COACH_MESSAGES } from '@shared/schemas/ai-coach';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { toast, toastError } from '@web/components/ui/toast';
import { useDeleteConversation } from '../api/delete-conversation';
import { formatStarted } from '../format';

/** 'Your Conversations': title and 'Started {date}', opening the conversation; a delete icon with a confirmation. */
export function ConversationList({ conversations }: { conversations: readonly Conversation[] }) {
  const del = useDeleteConversation();
  const [confirming, setConfirming] = useState<Conversation | null>(null);

  const confirmDelete = () => {
    if (!confirming) return;
    del.mutate(confirming.id, {
      onSuccess: () => toast({ title: AI_COACH_MESSAGES.deletedTitle, description: AI_COACH_MESSAGES.deletedText }),
      onError: (err) => toastError(err, AI_COACH_MESSAGES.deleteFailedTitle),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <section aria-labelledby="conversations-heading">
      <h2 id="conversations-heading" className="mb-2 text-lg font-bold">
        Your Conversations
      </h2>
      <ul className="space-y-2">
        {conversations.map((c) => (
          <li key={c.id} className="flex items-stretch gap-2 rounded-xl border border-border bg-surface">
            <Link
              to={`/ai-coach/conversation/${c.id}`}
              className="min-h-11 min-w-0 flex-1 rounded-xl px-4 py-3 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              <span className="line-clamp-2 break-words font-semibold">{c.title}</span>
              <span className="block text-sm text-muted">Started {formatStarted(c.createdAt)}</span>
            </Link>
            <button
              type="button"
              aria-label={`Delete conversation: ${c.title}`}
              onClick={() => setConfirming(c)}
              className="m-1 inline-flex h-11 w-11 shrink-0 items-center justify-center self-center rounded-xl text-danger-text hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !del.isPending) setConfirming(null);
        }}
        title={AI_COACH_MESSAGES.deleteConfirm}
        description={confirming ? `"${confirming.title}" and all its messages will be removed. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={del.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </section>
  );
}
