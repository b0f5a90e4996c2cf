import { greetingForHour } from '@web/lib/dates';

/** 'Good evening, Ana' — the dashboard's page heading. */
export function Greeting({ firstName }: { firstName: string }) {
  return (
    <header>
      <h1 className="text-2xl font-bold">
        {greetingForHour(new Date().getHours())}, {firstName}
      </h1>
      <p className="mt-1 text-muted">Two minutes for the seven areas of your wellbeing.</p>
    </header>
  );
}
