import { usePageMeta } from '../common/page-meta.hook';
import { deferredSection } from '../common/deferred-section';
import { AboutSection } from './about-section';
import { HeroSlider } from './hero-slider';

// Below the fold on a phone: their code loads (and they hydrate) when scrolled near (issue 11:
// first-load bytes and main-thread work of /). The about section starts within the first screen.
const EligibilitySection = deferredSection('home-eligibility', () => import(/* webpackChunkName: "home-eligibility" */ './eligibility-section'));
const StagesSection = deferredSection('home-stages', () => import(/* webpackChunkName: "home-stages" */ './stages-section'));
const QuoteCarousel = deferredSection('home-quotes', () => import(/* webpackChunkName: "home-quotes" */ './quote-carousel'));

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
