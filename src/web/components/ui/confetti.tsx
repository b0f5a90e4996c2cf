import { useEffect, useRef } from 'react';

const COLOURS = ['#6366f1', '#0ea5e9', '#14b8a6', '#22c55e', '#eab308', '#f97316', '#ec4899'];

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/** Falling confetti for `durationMs` (3 s in the celebration); nothing at all under prefers-reduced-motion. */
export function Confetti({ durationMs }: { durationMs: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host || prefersReducedMotion()) return;
    const pieces: HTMLElement[] = [];
    for (let i = 0; i < 80; i++) {
      const el = document.createElement('span');
      const size = 6 + Math.random() * 6;
      Object.assign(el.style, {
        position: 'absolute',
        top: '-12px',
        left: `${Math.random() * 100}%`,
        width: `${size}px`,
        height: `${size * 0.6}px`,
        background: COLOURS[i % COLOURS.length],
        borderRadius: '2px',
      });
      host.appendChild(el);
      pieces.push(el);
      el.animate(
        [
          { transform: 'translate3d(0,0,0) rotate(0deg)', opacity: 1 },
          { transform: `translate3d(${(Math.random() - 0.5) * 160}px, 105vh, 0) rotate(${Math.random() * 720}deg)`, opacity: 0.9 },
        ],
        { duration: durationMs * (0.6 + Math.random() * 0.4), delay: Math.random() * 400, easing: 'cubic-bezier(.2,.6,.4,1)', fill: 'forwards' },
      );
    }
    const t = setTimeout(() => pieces.forEach((p) => p.remove()), durationMs + 500);
    return () => {
      clearTimeout(t);
      pieces.forEach((p) => p.remove());
    };
  }, [durationMs]);
  return <div ref={ref} aria-hidden="true" data-testid="confetti" className="pointer-events-none fixed inset-0 z-[85] overflow-hidden" />;
}
