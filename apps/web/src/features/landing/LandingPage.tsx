import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LiveTicker } from '../../components/Ticker';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { PlatformOverview } from './PlatformOverview';
import { PlansSection } from './PlansSection';
import { PreviewGallery } from './PreviewGallery';
import { RegistrationSection } from './RegistrationSection';

/** The public marketing page, sections in the spec's order, the plans before the registration form. */
export function LandingPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash]);
  return (
    <Box data-testid="landing-page">
      <LiveTicker />
      <LandingNav />
      <main>
        <Hero />
        <PlatformOverview />
        <PreviewGallery />
        <PlansSection />
        <RegistrationSection />
      </main>
      <LandingFooter />
    </Box>
  );
}
