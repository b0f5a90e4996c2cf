import { Button } from '@web/components/ui/button';

/**
 * The yellow 'Email Verification Required' box of the sign-in screen (spec part 1 §2.3). It is announced when it
 * appears, so no toast repeats it; after a sign-up (verification=pending) it leads with 'Check Your Email'.
 */
export function VerificationNotice({
  onResend,
  sending,
  lead,
}: {
  onResend: () => void;
  sending: boolean;
  lead?: { title: string; description: string };
}) {
  return (
    <section
      role="alert"
      aria-labelledby="verification-title"
      data-testid="verification-notice"
      className="mb-5 rounded-xl border border-warning-border bg-warning-bg p-4 text-warning-fg"
    >
      {lead && (
        <p className="mb-2" data-testid="verification-lead">
          <strong>{lead.title}</strong> — {lead.description}
        </p>
      )}
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
