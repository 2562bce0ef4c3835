import { Stepper } from '@mantine/core';

export interface WizardStep {
  key: string;
  label: string;
  description?: string;
}

/** A wizard's steps; a step already passed can be opened again, the next ones only by Next. */
export function WizardStepper({
  steps,
  active,
  onBackTo,
}: {
  steps: readonly WizardStep[];
  active: number;
  onBackTo: (step: number) => void;
}) {
  return (
    <Stepper
      active={active}
      onStepClick={(step) => step < active && onBackTo(step)}
      allowNextStepsSelect={false}
      size="sm"
    >
      {steps.map((step) => (
        <Stepper.Step key={step.key} label={step.label} description={step.description} />
      ))}
    </Stepper>
  );
}
