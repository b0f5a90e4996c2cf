import { MIN_CHECK_INS_FOR_LEVELS } from '@shared/domain/early-days';
import { Modal } from '@web/components/ui/dialog';

/** How the overall score is calculated, opened from the score card's "How is this calculated?" (./score-card.tsx). */
export function ScoreExplainedModal({ description, onClose }: { description: string; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Your Overall Score" description={description}>
      <div className="mt-4 space-y-3 text-sm">
        <p>
          Each check-in scores the seven areas from 0 to 100%: a yes counts 100% and a no 0%; on the emoji scale the five
          faces count 0, 25, 50, 75 and 100%.
        </p>
        <p>A check-in’s score is the average of its seven areas, and your overall score is the average of all your check-ins.</p>
        <p>
          Colours: 95% and above teal, 70% green, 30% yellow, 5% orange, below 5% red — once you have {MIN_CHECK_INS_FOR_LEVELS}{' '}
          check-ins; before that, a day or two says too little.
        </p>
        <button
          type="button"
          onClick={onClose}
          className="mt-2 inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-primary px-4 font-semibold text-primary-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          Got it
        </button>
      </div>
    </Modal>
  );
}
