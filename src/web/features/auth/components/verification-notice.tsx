import { Button } from '../../../components/ui/button';

/** The yellow 'Email Verification Required' box of the sign-in screen (spec part 1 §2.3). */
export function VerificationNotice({ onResend, sending }: { onResend: () => void; sending: boolean }) {
  return (
    <section
      aria-labelledby="verification-title"
      data-testid="verification-notice"
      className="mb-5 rounded-xl border border-warning-border bg-warning-bg p-4 text-warning-fg"
    >
      <h2 id="verification-title" className="font-bold">
        Email Verification Required
      </h2>
      <p className="mt-1 text-sm">Please check your email and click the verification link before signing in.</p>
      <Button variant="outline" className="mt-3 border-warning-border text-warning-fg" onClick={onResend} disabled={sending}>
        {sending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </section>
  );
}
