import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button } from '@kbe/ui';
import { AwardsGrid } from './common/awards-grid';
import { LevelsGrid } from './common/levels-grid';
import { SectionHeading } from './common/section-heading';

/** The about page's tiers and awards: below the fold, loaded and hydrated when scrolled near (about-page.tsx). */
export function AboutTiersAndAwards() {
  return (
    <>
      <section aria-labelledby="tiers-heading" className="px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="tiers-heading" title="Three Tiers" intro="Taluka (Mains), District (Advanced) and State (Super Advanced)." />
          <LevelsGrid />
        </div>
      </section>
      <section aria-labelledby="awards-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="awards-heading" title="Awards" />
          <AwardsGrid />
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to={ROUTES.exams}>Explore Exams</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.gallery}>View Gallery</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

export default AboutTiersAndAwards;
