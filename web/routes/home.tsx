import { PageShell } from '../components/layout/page-shell.js';
import { CommunityBanner } from '../features/home/components/community-banner.js';
import { CommunitySection } from '../features/home/components/community-section.js';
import { FeaturesSection } from '../features/home/components/features-section.js';
import { Hero } from '../features/home/components/hero.js';
import { MissionSection } from '../features/home/components/mission-section.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { siteConfig } from '../lib/site-config.js';

/** The marketing home page (SPEC §2 Home); its texts are in the `home` namespace. */
export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentMeta(null, t('meta.description', { siteName: siteConfig.siteName }));
  return (
    <PageShell banner={<CommunityBanner />} wide>
      <Hero />
      <MissionSection />
      <FeaturesSection />
      <CommunitySection />
    </PageShell>
  );
}
