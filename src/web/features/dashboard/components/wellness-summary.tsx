import { AREA_LABELS, type Area } from '@shared/domain/scoring';
import { strengthsAndWeakAreas, summaryBand, type SummaryBand } from '@shared/domain/insights';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS } from '@shared/domain/early-days';
import { Card } from '@web/components/ui/page';

const BAND_TEXT: Record<SummaryBand, (p: number) => string> = {
  excellent: (p) => `Excellent! Your overall wellness is thriving at ${p}%. Keep doing what works.`,
  'very-good': (p) => `Very good work. At ${p}% you are taking good care of most areas of your life.`,
  good: (p) => `Good foundation. At ${p}% you are on the right track; a little focus will take you further.`,
  progress: (p) => `You are making progress at ${p}%. Small daily steps in one area add up quickly.`,
  'needs-attention': (p) =>
    `At ${p}% there is room to grow. Pick one area below and give it a few minutes of attention each day.`,
};

const list = (areas: Area[]) => areas.map((a) => AREA_LABELS[a]).join(', ');

/** 'After 1 check-in you are at 57%. …' — the summary before a level means anything. */
export function earlySummaryText(percent: number, count: number): string {
  const left = Math.max(0, MIN_CHECK_INS_FOR_LEVELS - count);
  return `After ${count} check-in${count === 1 ? '' : 's'} you are at ${percent}%. It is too soon to call any area a strength or a weak spot: your strengths and the areas to focus on appear after ${MIN_CHECK_INS_FOR_LEVELS} check-ins (${left} more to go).`;
}

/**
 * The written summary: band of the overall score, strengths (≥ 0.7) and weak areas (< 0.5); in the early days
 * (fewer check-ins than a level needs) only the score so far and how many more check-ins are needed.
 */
export function WellnessSummary({
  percent,
  averages,
  count,
}: {
  percent: number | null;
  averages: Record<Area, number | null> | undefined;
  count: number;
}) {
  if (percent === null || !averages || count === 0) {
    return (
      <Card>
        <h2 className="text-lg font-bold">Your summary</h2>
        <p className="mt-2 text-muted">Your strengths and the areas to work on appear here after your first check-in.</p>
      </Card>
    );
  }
  if (!hasEnoughForLevels(count)) {
    return (
      <Card>
        <h2 className="text-lg font-bold">Your summary</h2>
        <p className="mt-2" data-testid="summary-text">
          {earlySummaryText(percent, count)}
        </p>
      </Card>
    );
  }
  const { strengths, weak } = strengthsAndWeakAreas(averages);
  return (
    <Card>
      <h2 className="text-lg font-bold">Your summary</h2>
      <p className="mt-2" data-testid="summary-text">
        {BAND_TEXT[summaryBand(percent)](percent)}
      </p>
      <p className="mt-2" data-testid="summary-strengths">
        <strong>Strengths:</strong> {strengths.length ? list(strengths) : 'none yet — every area can become one.'}
      </p>
      <p className="mt-1" data-testid="summary-weak">
        <strong>Areas to focus on:</strong> {weak.length ? list(weak) : 'none right now — well balanced.'}
      </p>
    </Card>
  );
}
