export function contracts(): string {
  return 'contracts';
}
