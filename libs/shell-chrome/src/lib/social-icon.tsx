import type { SocialLink } from '@kbe/content';

/** Simple generic glyphs for the social networks (lucide ships no brand icons). */
export function SocialIcon({ network }: { network: SocialLink['network'] }) {
  const common = { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': true, fill: 'currentColor' } as const;
  switch (network) {
    case 'facebook':
      return (
        <svg {...common}>
          <path d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...common}>
          <path d="M22 8.2c0-1.7-1.3-3-3-3.1C17 5 14.5 5 12 5s-5 0-7 .1c-1.7.1-3 1.4-3 3.1C2 9.4 2 10.7 2 12s0 2.6.1 3.8c0 1.7 1.3 3 3 3.1 2 .1 4.4.1 6.9.1s5 0 7-.1c1.7-.1 3-1.4 3-3.1.1-1.2.1-2.5.1-3.8s0-2.6-.1-3.8zM10 15.5v-7l6 3.5-6 3.5z" />
        </svg>
      );
    case 'x':
      return (
        <svg {...common}>
          <path d="M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.2L6.7 21H4l7-8.2L4 3z" />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
        </svg>
      );
  }
}
