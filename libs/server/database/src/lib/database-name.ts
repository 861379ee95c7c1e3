/** `${MONGODB_DB_PREFIX}-<service short name>`, e.g. `kbe-registration`. */
export function databaseName(prefix: string, service: string): string {
  const shortName = service.replace(/-service$/, '');
  return `${prefix}-${shortName}`;
}
