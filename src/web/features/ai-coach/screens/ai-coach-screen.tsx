import { useState } from 'react';
import { areaScoreKey, byArea, type AreaScores } from '@shared/domain/scoring';
import { suggestedQuestions } from '@shared/domain/coach';
import type { CheckInDto } from '@shared/schemas/check-ins';
import { AI_COACH_MESSAGES } from '@shared/schemas/ai-coach';
import { LoadErrorCard, LoadingStatus, Page, PageHeader } from '@web/components/ui/page';
import { toastError } from '@web/components/ui/toast';
import { useToday } from '@web/features/check-ins/api/get-today';
import { useAskCoach } from '../api/ask';
import { useConversations } from '../api/get-conversations';
import { AdviceCard } from '../components/advice-card';
import { AskForm } from '../components/ask-form';
import { ConversationList } from '../components/conversation-list';
import { SuggestedQuestions } from '../components/suggested-questions';
import { AiCoachUpsell } from '../components/upsell';
import { useHasAiCoach } from '../entitlement';
import { checkQuestion } from '../question';

const areaScoresOf = (c: CheckInDto): AreaScores => byArea((area) => c[areaScoreKey(area)]);

/** /ai-coach (spec part 2 §2): ask, the advice card, suggested questions, your conversations. */
export default function AiCoachScreen() {
  const entitled = useHasAiCoach();
  const conversations = useConversations(entitled);
  const today = useToday();
  const ask = useAskCoach();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<{ advice: string; conversationId: string } | null>(null);

  const list = conversations.data ?? [];
  const submit = () => {
    if (!checkQuestion(question)) return;
    ask.mutate(
      { question: question.trim() },
      {
        onSuccess: (res) => {
          setAnswer(res);
          setQuestion('');
        },
        onError: (err) => toastError(err, AI_COACH_MESSAGES.askFailedTitle),
      },
    );
  };
  const todayCheckIn = today.data?.checkIn;
  const suggestions = suggestedQuestions(todayCheckIn ? areaScoresOf(todayCheckIn) : null);
  const showForm = list.length === 0 || !answer;

  return (
    <Page>
      <PageHeader title="AI Coach" backTo="/" backLabel="Back to Dashboard" />
      {!entitled ? (
        <AiCoachUpsell />
      ) : (
        <div className="space-y-6">
          {showForm && <AskForm value={question} onChange={setQuestion} onSubmit={submit} pending={ask.isPending} />}
          {answer && <AdviceCard advice={answer.advice} conversationId={answer.conversationId} onNewQuestion={() => setAnswer(null)} />}
          {conversations.isPending ? (
            <LoadingStatus>Loading your conversations…</LoadingStatus>
          ) : conversations.isError ? (
            <LoadErrorCard error={conversations.error} />
          ) : list.length === 0 ? (
            <SuggestedQuestions questions={suggestions} onPick={setQuestion} />
          ) : (
            <ConversationList conversations={list} />
          )}
          <p className="text-sm text-muted">
            The AI Coach gives general wellness advice based on your check-ins. It is not a therapist or doctor. If you are in
            crisis, call your local emergency number.
          </p>
        </div>
      )}
    </Page>
  );
}
