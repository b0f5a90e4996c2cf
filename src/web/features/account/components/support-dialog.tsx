import { useId, useState } from 'react';
import { SUPPORT_MESSAGES, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@shared/schemas/account';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/components/ui/cn';
import { InlineNotice } from '@web/components/ui/notice';
import { verifyFirstMessage } from '@web/lib/verify-first';
import { useContactSupport } from '../api/contact-support';

const inputClass =
  'block w-full rounded-xl border border-border-strong bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

function Counter({ id, n, max }: { id: string; n: number; max: number }) {
  return (
    <p id={id} className={cn('text-right text-sm tabular-nums', n >= max ? 'font-semibold text-danger-text' : 'text-muted')}>
      {n}/{max}
    </p>
  );
}

/** Contact Support (spec part 2 §2, §5, §8): subject and message with counters; Send disabled while either is blank. */
export function SupportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useContactSupport();
  // A message waits for a verified address: said in place, the text kept (docs/decisions/037).
  const [notice, setNotice] = useState<string | null>(null);
  const blank = !subject.trim() || !message.trim();

  const onSend = () => {
    if (blank) return;
    send.mutate(
      { subject: subject.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: SUPPORT_MESSAGES.sent, description: SUPPORT_MESSAGES.sentDetail });
          setSubject('');
          setMessage('');
          onOpenChange(false);
        },
        onError: (err) => {
          const verifyFirst = verifyFirstMessage(err);
          if (verifyFirst) return setNotice(verifyFirst);
          console.warn('Support message failed', err);
          toast({ title: SUPPORT_MESSAGES.failed, description: SUPPORT_MESSAGES.failedDetail, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Contact Support" description="We'll get back to you by e-mail within 24 hours." closeButton>
      <form
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <div className="space-y-1">
          <label htmlFor={`${id}-subject`} className="block font-medium">
            Subject
          </label>
          <input
            id={`${id}-subject`}
            className={cn(inputClass, 'min-h-11')}
            value={subject}
            maxLength={SUPPORT_SUBJECT_MAX}
            aria-describedby={`${id}-subject-count`}
            placeholder="What can we help with?"
            onChange={(e) => setSubject(e.target.value)}
          />
          <Counter id={`${id}-subject-count`} n={subject.length} max={SUPPORT_SUBJECT_MAX} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-message`} className="block font-medium">
            Message
          </label>
          <textarea
            id={`${id}-message`}
            className={cn(inputClass, 'min-h-32 resize-y')}
            rows={5}
            value={message}
            maxLength={SUPPORT_MESSAGE_MAX}
            aria-describedby={`${id}-message-count`}
            placeholder="Tell us what happened"
            onChange={(e) => setMessage(e.target.value)}
          />
          <Counter id={`${id}-message-count`} n={message.length} max={SUPPORT_MESSAGE_MAX} />
        </div>
        {notice && <InlineNotice testId="verify-first-notice">{notice}</InlineNotice>}
        <Button type="submit" block disabled={blank || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </form>
    </Modal>
  );
}
