import type { ReactNode } from 'react';
import { ButtonLink } from '@web/components/ui/button';
import { Logo } from '@web/components/ui/logo';

/**
 * The frame of the authentication screens: a small logo and one centred column. The logo is not a link ('Back to
 * Welcome' goes home): the top of these screens holds no control, so a toast can sit there without covering one.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 py-8">
      <div className="mb-6 flex flex-col items-center text-center">
        <Logo size={72} title="Big 7" />
        <h1 className="mt-4 text-3xl font-bold">{title}</h1>
        {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
      </div>
      {children}
    </main>
  );
}

/** 'or' between the form and the Google button. */
export function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-sm text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** The quiet link back to the sign-in screen under an auth screen's form. */
export function BackToSignIn() {
  return (
    <ButtonLink to="/signin" variant="ghost" block className="mt-4">
      Back to Log In
    </ButtonLink>
  );
}
