import type { RegistrationMethods } from '@shared/schemas/analytics';
import { ChartFigure } from './chart';
import { MetricCard } from './parts';

/** Accounts by sign-up method (e-mail or Google), as a donut with its numbers: on both owner screens. */
export function RegistrationMethodsCard({ methods }: { methods: RegistrationMethods }) {
  return (
    <MetricCard id="registration" title="Registration Methods">
      <ChartFigure
        kind="donut"
        caption="Accounts by sign-up method"
        data={[
          { name: 'Email', value: methods.email },
          { name: 'Google', value: methods.google },
        ]}
      />
    </MetricCard>
  );
}
