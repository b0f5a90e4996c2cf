import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { AI_COACH_MESSAGES } from '@shared/schemas/ai-coach';
import { ButtonLink } from '@web/components/ui/button';
import { Card, LoadErrorCard, LoadingStatus, Page, PageHeader } from '@web/components/ui/page';
import { toastError } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { scrollBehavior } from '@web/lib/dates';
import { useAskCoach } from '../api/ask';
import { useConversations } from '../api/get-conversations';
import { useMessages } from '../api/get-messages';
import { MessageBubble } from '../components/message-bubble';
import { SearchBar } from '../components/search-bar';
import { AiCoachUpsell } from '../components/upsell';
import { useHasAiCoach } from '../entitlement';
import { checkQuestion } from '../question';
import { clampMatch, countMatches, firstMatchIndexes, nextMatch, previousMatch } from '../search';
import { Send } from 'lucide-react';

/** /ai-coach/conversation/:id (spec part 2 §2, §4): the chat, its search bar and the question input. */
export default function AiCoachConversationScreen() {
  const { id = '' } = useParams();
  const entitled = useHasAiCoach();
  const messages = useMessages(id, entitled);
  const title = useConversations(entitled).data?.find((c) => c.id === id)?.title;
  const ask = useAskCoach();
  const [input, setInput] = useState('');
  const [pendingQuestion, setPendingQuestion] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [index, setIndex] = useState(0);
  const endRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const list = useMemo(() => messages.data ?? [], [messages.data]);
  const texts = useMemo(() => list.map((m) => m.content), [list]);
  const total = useMemo(() => countMatches(texts, term), [texts, term]);
  const firsts = useMemo(() => firstMatchIndexes(texts, term), [texts, term]);
  const current = clampMatch(index, total);

  // The index goes back to the first when it is beyond the new count.
  useEffect(() => {
    if (index !== current) setIndex(current);
  }, [index, current]);

  // Auto-scroll to the bottom when the messages change (or the coach starts thinking).
  useLayoutEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end', behavior: scrollBehavior() });
  }, [list.length, pendingQuestion]);

  // Scroll to the current match when it or the term changes.
  useEffect(() => {
    if (!total) return;
    const el = listRef.current?.querySelector(`[data-match-index="${current}"]`);
    el?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  }, [current, total, term]);

  const changeTerm = (t: string) => {
    setTerm(t);
    setIndex(0); // a changed term starts at the first match
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (ask.isPending || !checkQuestion(input)) return;
    const question = input.trim();
    setPendingQuestion(question);
    ask.mutate(
      { question, conversationId: id },
      {
        onSuccess: () => setInput(''),
        onError: (err) => toastError(err, AI_COACH_MESSAGES.askFailedTitle),
        onSettled: () => setPendingQuestion(null),
      },
    );
  };

  if (!entitled) {
    return (
      <Page>
        <PageHeader title="Conversation" backTo="/ai-coach" backLabel="Back to AI Coach" />
        <AiCoachUpsell />
      </Page>
    );
  }

  const notFound = messages.isError && messages.error instanceof ApiError && messages.error.status === 404;
  return (
    <Page className="pb-52">
      <PageHeader title="Conversation" backTo="/ai-coach" backLabel="Back to AI Coach" />
      {title && <p className="-mt-4 mb-4 truncate text-muted">{title}</p>}
      <SearchBar
        term={term}
        onTermChange={changeTerm}
        index={current}
        total={total}
        onPrevious={() => setIndex(previousMatch(current, total))}
        onNext={() => setIndex(nextMatch(current, total))}
      />
      {messages.isPending ? (
        <LoadingStatus>Loading the conversation…</LoadingStatus>
      ) : notFound ? (
        <Card>
          <p className="font-semibold">Conversation not found</p>
          <p className="mt-1 text-muted">It may have been deleted.</p>
          <ButtonLink to="/ai-coach" block className="mt-4">
            Back to AI Coach
          </ButtonLink>
        </Card>
      ) : messages.isError ? (
        <LoadErrorCard error={messages.error} />
      ) : (
        <ol ref={listRef} aria-label="Messages" className="space-y-4">
          {list.map((m, i) => (
            <MessageBubble key={m.id} message={m} term={term} firstMatch={firsts[i] ?? 0} currentMatch={current} />
          ))}
          {pendingQuestion && (
            <MessageBubble
              message={{ role: 'user', content: pendingQuestion, createdAt: new Date().toISOString() }}
              term=""
              firstMatch={0}
              currentMatch={-1}
            />
          )}
          {ask.isPending && (
            <li className="flex items-start">
              <p role="status" className="rounded-2xl rounded-bl-md border border-border bg-surface px-4 py-3 text-muted">
                AI Coach is thinking...
              </p>
            </li>
          )}
        </ol>
      )}
      {/* Scrolled to with room for the fixed question bar and the bottom navigation below it. */}
      <div ref={endRef} className="scroll-mb-40" />
      {!notFound && (
        <form
          onSubmit={send}
          className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 border-t border-border bg-bg/95 px-4 py-3 backdrop-blur"
        >
          <div className="mx-auto flex max-w-xl items-center gap-2">
            <input
              type="text"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder="Ask your wellness question..."
              aria-label="Ask your wellness question"
              className="block min-h-11 min-w-0 flex-1 rounded-xl border border-border-strong bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            />
            <button
              type="submit"
              aria-label="Send"
              disabled={ask.isPending || !input.trim()}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-fg hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              <Send aria-hidden="true" size={20} strokeWidth={2.5} />
            </button>
          </div>
        </form>
      )}
    </Page>
  );
}
