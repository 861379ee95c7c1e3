export function apiClient(): string {
  return 'api-client';
}
