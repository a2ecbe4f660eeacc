import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../lib/i18n.js';
import { siteConfig } from '../../lib/site-config.js';
import { HomePage } from '../../routes/home.js';
import { checkedFetch } from '../../test/api-contract.js';
import { renderRoute } from '../../test/render.js';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['home']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // The header asks who is signed in: nobody.
  vi.stubGlobal(
    'fetch',
    checkedFetch(async () => Response.json({ user: null })),
  );
});

describe('HomePage', () => {
  it('shows the banner, hero calls to action, six features and the community links', () => {
    renderRoute('/', HomePage);
    const banner = screen.getByRole('complementary', { name: 'Community announcement' });
    expect(within(banner).getByRole('link').getAttribute('href')).toBe(siteConfig.bannerUrl);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Build, train and evolve agentic AI systems');
    expect(screen.getByRole('link', { name: /Get started/ }).getAttribute('href')).toBe('/documentation');
    expect(screen.getByRole('link', { name: /View on GitHub/ }).getAttribute('href')).toBe(siteConfig.repositoryUrl);
    expect(screen.getByRole('link', { name: /Explore the AI Research Digest/ }).getAttribute('href')).toBe(
      '/ai-digest',
    );
    const features = screen.getByRole('region', { name: 'Designed for agents that do real work' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Hybrid AI',
      'Ease of Use',
      'Modularity and Extensibility',
      'Deployment Options',
      'Self-Learning Agents',
      'Observability and Evaluation',
    ]);
    expect(screen.getByRole('link', { name: /Join Discord/ }).getAttribute('href')).toBe(siteConfig.discordUrl);
    expect(screen.getByRole('link', { name: /^View GitHub/ }).getAttribute('href')).toBe(siteConfig.repositoryUrl);
  });

  it('fades the mission in with its animation, which readers who ask for less motion do not get', () => {
    renderRoute('/', HomePage);
    const mission = screen.getByRole('region', { name: /anyone can build/ }).firstElementChild as HTMLElement;
    expect(mission.classList).toContain('animate-mission-reveal');
    expect(mission.classList).toContain('motion-reduce:animate-none');
  });
});
