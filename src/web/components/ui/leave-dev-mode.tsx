import { useState } from 'react';
import { leaveDevMode } from '@web/lib/dev-mode';
import { ConfirmDialog } from './dialog';

export const LEAVE_DEV_MODE_TEXTS = {
  title: 'Turn off developer mode?',
  description: 'Turning it off resets your streak to 0 (the developer tools may have changed it). Your check-ins are kept.',
  confirm: 'Turn off and reset streak',
  cancel: 'Stay in developer mode',
} as const;

/**
 * The way out of developer mode: asks first, because leaving resets the streak (spec part 2 §4; issue 30). Used by
 * the developer-mode banner and the Developer Tools card.
 */
export function LeaveDevModeButton({ className, label }: { className: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => !busy && setOpen(o)}
        title={LEAVE_DEV_MODE_TEXTS.title}
        description={LEAVE_DEV_MODE_TEXTS.description}
        confirmLabel={LEAVE_DEV_MODE_TEXTS.confirm}
        cancelLabel={LEAVE_DEV_MODE_TEXTS.cancel}
        busy={busy}
        destructive
        onConfirm={() => {
          setBusy(true);
          void leaveDevMode().finally(() => {
            setBusy(false);
            setOpen(false);
          });
        }}
      />
    </>
  );
}
