export function content(): string {
  return 'content';
}
