import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button } from '@kbe/ui';
import { AwardsGrid } from '../common/awards-grid';
import { LevelsGrid } from '../common/levels-grid';
import { SectionHeading } from '../common/section-heading';

/** Stages of the competition, their prizes and the extra awards. */
export function StagesSection() {
  return (
    <section aria-labelledby="stages-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="stages-heading"
          eyebrow="Three levels"
          title="Stages, Prizes and Awards"
          intro="Start at the Mains in your taluka, qualify for the Advanced at district level and reach the Super Advanced at state level."
        />
        <LevelsGrid />
        <h3 className="mb-6 mt-14 text-center text-2xl font-bold text-slate-900">Special Awards</h3>
        <AwardsGrid />
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to={ROUTES.registration}>Register Now</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default StagesSection;
