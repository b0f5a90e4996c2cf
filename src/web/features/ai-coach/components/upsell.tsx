import { useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';

/** For tiers without the AI Coach: what it does, and Ask AI Coach leads to /upgrade (spec part 2 §6). */
export function AiCoachUpsell() {
  const navigate = useNavigate();
  return (
    <Card>
      <h2 className="text-lg font-bold">Your personal wellness coach</h2>
      <p className="mt-2">
        Ask questions about your sleep, energy, habits or mood and get advice based on your own check-ins: your weakest and
        strongest areas, how they are trending and your streak. The AI Coach is part of the AI Coach plan.
      </p>
      <Button block className="mt-4" onClick={() => void navigate('/upgrade')}>
        Ask AI Coach
      </Button>
    </Card>
  );
}
