import { useId, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';

/** 'What would you like to know?' with a multi-line box; Ask AI Coach / Getting advice... (disabled while blank or pending). */
export function AskForm({
  value,
  onChange,
  onSubmit,
  pending,
}: {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  pending: boolean;
}) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Card>
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor={id} className="block text-lg font-bold">
          What would you like to know?
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={4}
          placeholder="For example: how can I feel more rested during the week?"
          className="block w-full resize-y rounded-xl border border-border-strong bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        />
        <Button type="submit" block disabled={pending || !value.trim()}>
          {pending ? 'Getting advice...' : 'Ask AI Coach'}
        </Button>
      </form>
    </Card>
  );
}
