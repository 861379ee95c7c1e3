import { BRAND, getEditionSettings } from '@kbe/content';
import { usePageMeta } from '../shared/page-meta.hook';
import { AboutSection } from './about-section';
import { EligibilitySection } from './eligibility-section';
import { HeroSlider } from './hero-slider';
import { QuoteCarousel } from './quote-carousel';
import { StagesSection } from './stages-section';

export function HomePage() {
  const edition = getEditionSettings();
  usePageMeta(
    edition.competitionName,
    `${BRAND.name} ${edition.year}: a science exam for classes V to XII+ with medals, scholarships and visits to ISRO and NASA. Register online.`,
  );
  return (
    <>
      <HeroSlider />
      <AboutSection />
      <EligibilitySection />
      <StagesSection />
      <QuoteCarousel />
    </>
  );
}

export default HomePage;
