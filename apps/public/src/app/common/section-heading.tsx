import { cn, cx } from '@kbe/ui';

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  inverted = false,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  inverted?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto mb-10 max-w-3xl text-center', className)}>
      {eyebrow ? (
        <p className={cx('mb-2 text-sm font-bold uppercase tracking-wider', inverted ? 'text-amber-300' : 'text-indigo-700')}>
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className={cx('text-3xl font-extrabold tracking-tight sm:text-4xl', inverted ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {intro ? <p className={cx('mt-4 text-base sm:text-lg', inverted ? 'text-slate-200' : 'text-slate-700')}>{intro}</p> : null}
    </div>
  );
}
