import { useState } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '@shared/schemas/ai-coach';
import { AI_COACH_MESSAGES } from '@shared/schemas/ai-coach';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { toast, toastError } from '@web/components/ui/toast';
import { useDeleteConversation } from '../api/delete-conversation';
import { formatStarted } from '../format';
import { Trash2 } from 'lucide-react';

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
              <Trash2 aria-hidden="true" size={20} />
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
