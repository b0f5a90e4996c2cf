import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_WARN_LENGTH, feedbackProblem } from '@shared/schemas/feedback';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { toast, toastError } from '@web/components/ui/toast';
import { useSendFeedback } from '../api/send-feedback';

/**
 * The feedback form on /settings (spec part 2 §2, §5, §8): up to 4000 characters after trimming, a counter that
 * turns red above 3800, the spec's messages; the server checks the same rules.
 */
export function FeedbackForm() {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSendFeedback();
  const length = text.length;
  const over = length > FEEDBACK_WARN_LENGTH;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = feedbackProblem(text);
    if (problem) {
      setError(problem.message);
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    setError(undefined);
    send.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast({ title: 'Feedback Sent', description: 'Thank you! Every message is read by the Big 7 team.' });
      },
      onError: (err) => toastError(err, 'Failed to submit feedback', 'Please try again later'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2 py-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Send Feedback
      </h2>
      <label htmlFor={id} className="block text-muted">
        Tell us what you like, what is missing or what went wrong.
      </label>
      <textarea
        id={id}
        value={text}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        placeholder="Share your thoughts..."
        className={cn(
          'block w-full resize-y rounded-xl border bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
          error ? 'border-danger-text' : 'border-border-strong',
        )}
      />
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-count`} className={cn('text-sm tabular-nums', over ? 'font-semibold text-danger-text' : 'text-muted')} data-testid="feedback-counter">
          {length}/{FEEDBACK_MAX_LENGTH}
        </p>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Feedback'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </form>
  );
}
