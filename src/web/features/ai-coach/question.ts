import { AI_COACH_MESSAGES } from '@shared/schemas/ai-coach';
import { toast } from '@web/components/ui/toast';

/** A blank question shows the 'Question Required' toast; true when the question may be sent. */
export function checkQuestion(question: string): boolean {
  if (question.trim()) return true;
  toast({ title: AI_COACH_MESSAGES.questionRequiredTitle, description: AI_COACH_MESSAGES.questionRequired, variant: 'destructive' });
  return false;
}
