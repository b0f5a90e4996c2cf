import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 py-2 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover',
  secondary: 'bg-surface-2 text-fg hover:bg-surface-3',
  outline: 'border border-border-strong bg-transparent text-fg hover:bg-surface-2',
  ghost: 'bg-transparent text-fg hover:bg-surface-2',
  destructive: 'bg-danger text-danger-fg hover:bg-danger-hover',
};

/** Class names of a button, for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', extra?: string, block?: boolean): string {
  return cn(base, variants[variant], block && 'w-full', extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width. */
  block?: boolean;
}

/** The app's button: at least 44 px tall, visible focus ring, five variants. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', block, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, className, block)} {...props} />;
});

/** A router link styled as a button. */
export function ButtonLink({ variant = 'primary', block, className, ...props }: LinkProps & { variant?: ButtonVariant; block?: boolean }) {
  return <Link className={buttonClass(variant, className, block)} {...props} />;
}
