import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';
import { Eye, EyeOff } from 'lucide-react';
import { releaseHeldSubmit } from '@web/lib/held-submits';

const inputClass =
  'block min-h-11 w-full rounded-xl border bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A field of a prerendered page (decision 029) can be filled before React hydrates it: typed, or autofilled by the
 * browser's password manager. React keeps what the field shows but does not report it, so the screen's state would
 * still be empty. Once mounted, a shown value that differs from the state's is handed to the field's onChange as if
 * typed (React's value tracker is set to the state's value first, so it sees a change). A field the client rendered
 * itself shows its state's value: nothing happens. A submission made before hydration is sent after that.
 */
function useValueFilledBeforeHydration(ref: RefObject<HTMLInputElement | null>, value: FieldProps['value']): void {
  const initial = useRef(value);
  useEffect(() => {
    const el = ref.current;
    const state = initial.current;
    if (!el) return;
    if (typeof state === 'string' && el.value !== state) {
      const shown = el.value;
      el.value = state;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, shown);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // A submission made before hydration was held (lib/held-submits.ts): it goes now, with the values above.
    releaseHeldSubmit(el.form);
  }, [ref]);
}

/** What both fields give their input: its id, the hydration hook's ref, and the error state linked for screen readers. */
function useFieldInput(value: FieldProps['value'], hint: string | undefined, error: string | undefined) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useValueFilledBeforeHydration(ref, value);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  // data-field: a prerendered form with such a field holds a submission made before hydration (lib/held-submits.ts).
  return { id, input: { ref, id, 'data-field': '', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } } as const;
}

/** A field's label above its input (`children`), and its hint and error below (the error is announced). */
function FieldFrame({ id, label, hint, error, className, children }: Pick<FieldProps, 'label' | 'hint' | 'error' | 'className'> & { id: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

const borderClass = (error: string | undefined) => (error ? 'border-danger-text' : 'border-border-strong');

/** A labelled text input with its hint and error (the error is announced and linked to the input). */
export function TextField({ label, error, hint, className, ...props }: FieldProps) {
  const { id, input } = useFieldInput(props.value, hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input {...input} className={cn(inputClass, borderClass(error))} {...props} />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, className, ...props }: FieldProps) {
  const { id, input } = useFieldInput(props.value, hint, error);
  const [show, setShow] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input {...input} type={show ? 'text' : 'password'} className={cn(inputClass, 'pr-12', borderClass(error))} {...props} />
        <button
          type="button"
          onClick={() => setShow((s) => !s)}
          aria-label={show ? 'Hide password' : 'Show password'}
          aria-pressed={show}
          className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          {show ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      </div>
    </FieldFrame>
  );
}
