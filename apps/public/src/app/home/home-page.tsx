import { usePageMeta } from '../shared/page-meta.hook';
import { AboutSection } from './about-section';
import { EligibilitySection } from './eligibility-section';
import { HeroSlider } from './hero-slider';
import { QuoteCarousel } from './quote-carousel';
import { StagesSection } from './stages-section';

export function HomePage() {
  usePageMeta('home');
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
