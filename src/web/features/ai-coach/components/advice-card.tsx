import { Button, ButtonLink } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';

/** The 'AI Coach Advice' card: the answer with its line breaks, a link to the conversation, and New Question. */
export function AdviceCard({ advice, conversationId, onNewQuestion }: { advice: string; conversationId: string; onNewQuestion: () => void }) {
  return (
    <Card className="border-primary">
      <h2 className="text-lg font-bold">AI Coach Advice</h2>
      <p className="mt-2 whitespace-pre-line">{advice}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/ai-coach/conversation/${conversationId}`} variant="outline" className="sm:flex-1">
          Continue conversation
        </ButtonLink>
        <Button onClick={onNewQuestion} className="sm:flex-1">
          New Question
        </Button>
      </div>
    </Card>
  );
}
