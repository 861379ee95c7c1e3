import { useEffect, useState, type ReactNode } from 'react';

export interface InteractiveSectionProps {
  /** `data-testid` of the section, e.g. `remote-registration`. */
  testId: string;
  children: ReactNode;
}

/**
 * A remote's section, marked `data-interactive="true"` once it has rendered in the browser (a
 * prerendered section: once hydrated), from when it answers input; the browser journeys wait for
 * it. Only this wrapper renders again when marked: its children are the same elements.
 */
export function InteractiveSection({ testId, children }: InteractiveSectionProps) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <div data-testid={testId} data-interactive={interactive ? 'true' : undefined}>
      {children}
    </div>
  );
}
