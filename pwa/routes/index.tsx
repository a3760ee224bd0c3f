import { createFileRoute } from '@tanstack/react-router';
import { AboutSection } from '../components/home/AboutSection.tsx';
import { GallerySection } from '../components/home/GallerySection.tsx';
import { GetInTouch } from '../components/home/GetInTouch.tsx';
import { HomeHero } from '../components/home/HomeHero.tsx';
import { QuoteSection } from '../components/home/QuoteSection.tsx';
import { ReviewsSection } from '../components/home/ReviewsSection.tsx';
import { ServicesSection } from '../components/home/ServicesSection.tsx';
import { VideoShowcase } from '../components/home/VideoShowcase.tsx';
import { ChatWidget } from '../components/widgets/ChatWidget.tsx';
import { Island } from '../islands/Island.tsx';
import { pageHead } from '../lib/head.ts';
// Imported by the route file rather than the (code-split) page component on purpose: the route file is in
// the entry, so these styles are in the stylesheet the prerendered HTML links and the page paints styled.
import '../components/home/hero.css';
import '../components/home/about.css';
import '../components/home/showcase.css';
import '../components/home/forms.css';
import '../components/home/touch.css';
import '../components/widgets/tip-card.css';
import '../components/widgets/chat-button.css';

export const Route = createFileRoute('/')({
  head: () => pageHead('/'),
  component: HomePage,
});

/** The home page (seed point 2): its sections in the seed's order, anchored as domain/content/home.ts says. */
function HomePage() {
  return (
    <>
      <HomeHero />
      <ServicesSection />
      <AboutSection />
      <VideoShowcase />
      <ReviewsSection />
      <GallerySection />
      <QuoteSection />
      <GetInTouch />
      <Island name="chat">
        <ChatWidget />
      </Island>
    </>
  );
}
