import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AGE_DEFAULT, AGE_MAX, AGE_MIN, AGE_STEPPER_FLOOR, GENDER_LABELS } from '@shared/schemas/account';
import { GENDERS, MAX_NAME_LENGTH, type PublicUser } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog, Modal } from '@web/components/ui/dialog';
import { TextField } from '@web/components/ui/field';
import { cn } from '@web/components/ui/cn';

type Gender = (typeof GENDERS)[number];

interface EditProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
}

/** Name edit: trimmed before save; Save needs some text. */
export function NameDialog({ open, onOpenChange, busy, current, onSave }: EditProps & { current: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(current);
  useEffect(() => {
    if (open) setName(current);
  }, [open, current]);
  const trimmed = name.trim();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Name" closeButton>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onSave(trimmed);
        }}
      >
        <TextField label="First name" value={name} maxLength={MAX_NAME_LENGTH} autoComplete="given-name" onChange={(e) => setName(e.target.value)} />
        <Button type="submit" block disabled={!trimmed || busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </Modal>
  );
}

/**
 * Age stepper (spec part 2 §5): 13 to 100, default 25. It also steps below 13 (down to AGE_STEPPER_FLOOR) so
 * that someone under 13 says so: saving that opens the under-13 notice instead of saving.
 */
export function AgeDialog({
  open,
  onOpenChange,
  busy,
  current,
  onSave,
}: EditProps & { current: number | null; onSave: (age: number) => void }) {
  const [age, setAge] = useState(current ?? AGE_DEFAULT);
  useEffect(() => {
    if (open) setAge(current ?? AGE_DEFAULT);
  }, [open, current]);
  const step = (d: number) => setAge((a) => Math.min(AGE_MAX, Math.max(AGE_STEPPER_FLOOR, a + d)));
  const stepButton = 'h-14 w-14 shrink-0 rounded-full text-2xl';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Age" description={`Ages ${AGE_MIN} to ${AGE_MAX}.`} closeButton>
      <div className="mt-6 flex items-center justify-center gap-6">
        <Button variant="secondary" className={stepButton} aria-label="Decrease age" disabled={age <= AGE_STEPPER_FLOOR} onClick={() => step(-1)}>
          −
        </Button>
        <output aria-live="polite" aria-label="Age" className="min-w-16 text-center text-4xl font-bold tabular-nums" data-testid="age-value">
          {age}
        </output>
        <Button variant="secondary" className={stepButton} aria-label="Increase age" disabled={age >= AGE_MAX} onClick={() => step(1)}>
          +
        </Button>
      </div>
      <Button block className="mt-6" disabled={busy} onClick={() => onSave(age)}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </Modal>
  );
}

/** Spec part 2 §5: under 13 is not saved; 'I Understand' deletes the account, Cancel resets the age. */
export function UnderAgeNotice({
  open,
  onCancel,
  onUnderstand,
  busy,
}: {
  open: boolean;
  onCancel: () => void;
  onUnderstand: () => void;
  busy: boolean;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onCancel();
      }}
      title="Age Requirement Not Met"
      description={
        <>
          Big 7 is not intended for anyone under {AGE_MIN}. As our{' '}
          <Link to="/privacy" className="font-semibold text-fg underline">
            Privacy Policy
          </Link>{' '}
          explains, we do not keep accounts of children under {AGE_MIN}: your account and all of its data will be permanently deleted.
        </>
      }
      confirmLabel="I Understand"
      busyLabel="Deleting..."
      busy={busy}
      destructive
      closeButton
      onConfirm={onUnderstand}
    />
  );
}

/** Gender choice: tapping an option saves it. */
export function GenderDialog({ open, onOpenChange, busy, current, onSave }: EditProps & { current: Gender | null; onSave: (g: Gender) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Select Gender" closeButton>
      <div role="radiogroup" aria-label="Gender" className="mt-4 grid gap-2">
        {GENDERS.map((g) => {
          const selected = current === g;
          return (
            <button
              key={g}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={busy}
              onClick={() => onSave(g)}
              className={cn(
                'flex min-h-12 items-center justify-between rounded-xl border px-4 text-left font-medium focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-60',
                selected ? 'border-primary bg-surface-2' : 'border-border-strong hover:bg-surface-2',
              )}
            >
              {GENDER_LABELS[g]}
              {selected && <Check aria-hidden="true" size={18} strokeWidth={3} className="shrink-0" />}
            </button>
          );
        })}
      </div>
    </Modal>
  );
}

export const genderLabel = (user: PublicUser | undefined | null): string => (user?.gender ? GENDER_LABELS[user.gender] : 'Not set');
