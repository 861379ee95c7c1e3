import type { ReactNode } from 'react';

// Minimal pass-through; the owner of the public chrome replaces it with the header,
// footer, drawer and toast viewport.
export function PublicLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
