export type DependencyStatus = { status: 'up' | 'down'; responseTimeMs: number; message?: string } & Record<
  string,
  unknown
>;

/** Body of `GET /api/health/<service>`. */
export interface HealthReport {
  status: 'ok' | 'error';
  service: string;
  checks: Record<string, DependencyStatus>;
}
