import { twMerge } from 'tailwind-merge';
import { badgeVariants } from './badge';
import { buttonVariants } from './button';
import { cn, cx } from './cn.util';
import { focusRing, focusRingOnIndigo950, focusRingOnSlate950 } from './focus-ring.style';

const BUTTON_VARIANTS = ['default', 'accent', 'destructive', 'outline', 'secondary', 'ghost', 'link', 'onDark'] as const;
const BUTTON_SIZES = ['default', 'sm', 'lg', 'icon'] as const;
const BADGE_VARIANTS = ['default', 'secondary', 'accent', 'success', 'destructive', 'outline'] as const;

describe('cn', () => {
  it('lets a later utility win over an earlier one', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('text-sm', false, undefined, 'text-lg')).toBe('text-lg');
  });

  it('returns a single class list as written, which is what tailwind-merge makes of each list given alone', () => {
    // cn's shortcut for one list holds only while no list of the design system overrides itself
    const lists = [
      ...BUTTON_VARIANTS.flatMap((variant) => BUTTON_SIZES.map((size) => buttonVariants({ variant, size }))),
      ...BADGE_VARIANTS.map((variant) => badgeVariants({ variant })),
      focusRing,
      focusRingOnSlate950,
      focusRingOnIndigo950,
    ];
    for (const list of lists) {
      expect(cn(list)).toBe(list);
      expect(twMerge(list)).toBe(list);
    }
  });
});

describe('cx', () => {
  it('joins class lists, dropping what is not a class', () => {
    expect(cx('a b', false, undefined, null, 'c', { d: true, e: false })).toBe('a b c d');
  });

  it('keeps one focus-ring offset colour in each focus ring (no override left for tailwind-merge)', () => {
    for (const ring of [focusRing, focusRingOnSlate950, focusRingOnIndigo950]) {
      expect(ring.match(/focus-visible:ring-offset-[a-z]/g)).toHaveLength(1);
    }
  });
});
