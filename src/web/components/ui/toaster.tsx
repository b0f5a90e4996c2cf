import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from './cn';
import { useTopDialog } from './dialog-state';
import { dismissToast, TOAST_DEFAULT_DURATION, TOAST_PROGRESS_MS, useCurrentToast, useToastAboveNav } from './toast';
import { X } from 'lucide-react';

/**
 * The one place of a toast (issue 30): bottom centre. Above the bottom navigation where there is one (bottom-centre of
 * the content next to the rail from 1024 px); near the bottom edge on a screen without it.
 */
const BASE = {
  nav: 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] left-1/2 lg:bottom-6 lg:left-[calc(50%+3rem)]',
  // A dialog is centred on the whole screen, rail or not: so is the toast with it.
  navDialog: 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] left-1/2 lg:bottom-6',
  plain: 'bottom-[calc(1rem+env(safe-area-inset-bottom))] left-1/2',
} as const;
const WIDTH = 'w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2';

/**
 * What a toast never covers: the screen's primary actions, i.e. its filled buttons (the primary and destructive
 * variants of ui/button), submit buttons and anything marked `data-primary-action`; inside an open dialog, every
 * button of the dialog but its × in the corner.
 */
const PRIMARY = 'button.bg-primary, button.bg-danger, a.bg-primary, button[type="submit"], [data-primary-action]';
const IN_DIALOG = 'button:not([data-testid="dialog-close"]), a[href], [data-primary-action]';
/** Space kept between a toast and the action under it, and from the top edge. */
const GAP = 8;

function visibleRects(scope: ParentNode, selector: string, skip: Element): DOMRect[] {
  const out: DOMRect[] = [];
  for (const el of Array.from(scope.querySelectorAll(selector))) {
    if (skip.contains(el) || el.closest('[aria-hidden="true"], [inert]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    out.push(r);
  }
  return out;
}

/**
 * How far from the bottom edge the toast goes (px), or null where its own place (`base` px from the bottom) covers
 * nothing: just above the lowest primary action it would cover, then the next, and so on; 'top' when no room is left
 * below the top edge (a screen or dialog full of actions).
 */
function clearance(toast: DOMRect, base: number, obstacles: DOMRect[]): number | 'top' | null {
  const vh = window.innerHeight;
  const across = obstacles.filter((r) => r.right > toast.left && r.left < toast.right);
  let bottom = base;
  for (let i = 0; i <= across.length; i++) {
    const top = vh - bottom - toast.height;
    const hit = across.filter((r) => r.top < vh - bottom && r.bottom > top);
    if (hit.length === 0) return bottom === base ? null : top < GAP ? 'top' : bottom;
    bottom = vh - Math.min(...hit.map((r) => r.top)) + GAP;
  }
  return 'top';
}

/** Mounted once by the app providers (loaded with the first toast). */
export default function Toaster() {
  const t = useCurrentToast();
  const aboveNav = useToastAboveNav();
  // A modal dialog makes everything outside it inert and draws over it: while one is open the toast is rendered
  // inside it (still read out, still closable), at the same bottom-centre place, clear of the dialog's buttons.
  const dialog = useTopDialog();
  const destructive = t?.variant === 'destructive';
  const probe = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLOListElement>(null);
  const [lift, setLift] = useState<number | 'top' | null>(null);

  const measure = useCallback(() => {
    const el = viewportRef.current;
    const base = probe.current;
    if (!el || !base) return;
    const box = el.getBoundingClientRect();
    if (box.height < 1) return setLift(null);
    const basePx = window.innerHeight - base.getBoundingClientRect().top;
    const at = { left: box.left, right: box.right, height: box.height } as DOMRect;
    const obstacles = dialog ? visibleRects(dialog, IN_DIALOG, el) : visibleRects(document, PRIMARY, el);
    setLift(clearance(at, basePx, obstacles));
  }, [dialog]);

  const open = !!t?.open;
  // A dialog that opens takes the stage: a calm toast raised before it (about another screen, or saying what the
  // dialog now says) goes, so no toast sits under a dialog it has nothing to do with. Errors stay to be read.
  const seenDialog = useRef(dialog);
  useEffect(() => {
    const opened = dialog && dialog !== seenDialog.current;
    seenDialog.current = dialog;
    if (opened && t?.open && t.variant !== 'destructive') dismissToast(t.id);
    // Only when the dialog changes: a toast raised while it is open stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialog]);
  useLayoutEffect(() => {
    if (open) measure();
    else setLift(null);
  }, [open, t?.id, aboveNav, measure]);
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    // The screen settles after the toast appears (a list loads, a notice opens) or changes under it (a redirect to
    // another screen, whose buttons stand elsewhere): measured again at the next frame after each change.
    const settle = setTimeout(later, 300);
    const changes = new MutationObserver(later);
    changes.observe(document.body, { childList: true, subtree: true });
    // The toast's own size settles too (its text wraps once it is laid out).
    const sized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    if (viewportRef.current) sized?.observe(viewportRef.current);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      changes.disconnect();
      sized?.disconnect();
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [open, measure]);

  const base = aboveNav ? (dialog ? BASE.navDialog : BASE.nav) : BASE.plain;
  const viewport = (
    <RadixToast.Viewport
      ref={viewportRef}
      className={cn(
        'fixed z-[100] m-0 flex list-none flex-col outline-none',
        WIDTH,
        base,
        lift === 'top' && 'bottom-auto top-[calc(0.75rem+env(safe-area-inset-top))]',
      )}
      style={typeof lift === 'number' ? { bottom: lift } : undefined}
      data-toast-viewport=""
    />
  );
  return (
    <RadixToast.Provider swipeDirection="down" duration={TOAST_DEFAULT_DURATION} label="Notification">
      {t && (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          duration={t.duration ?? TOAST_DEFAULT_DURATION}
          onOpenChange={(o) => {
            if (!o) dismissToast(t.id);
          }}
          type={destructive ? 'foreground' : 'background'}
          className={cn(
            'toast-root relative w-full overflow-hidden rounded-xl border px-4 py-3 pr-12 shadow-lg',
            destructive ? 'border-danger bg-danger text-danger-fg' : 'border-border bg-surface text-fg',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
          {t.description && <RadixToast.Description className="mt-1 text-sm">{t.description}</RadixToast.Description>}
          <RadixToast.Close
            aria-label="Close"
            className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            <X aria-hidden="true" size={18} strokeWidth={2.5} />
          </RadixToast.Close>
          <div
            aria-hidden="true"
            className={cn('toast-progress absolute bottom-0 left-0 h-1', destructive ? 'bg-danger-fg/70' : 'bg-primary')}
            style={{ animationDuration: `${TOAST_PROGRESS_MS}ms` }}
          />
        </RadixToast.Root>
      )}
      {/* The toast's own place, measured (the viewport itself may have moved up). */}
      <div ref={probe} aria-hidden="true" className={cn('pointer-events-none invisible fixed h-0', WIDTH, base)} />
      {dialog ? createPortal(viewport, dialog) : viewport}
    </RadixToast.Provider>
  );
}
