import { toCard } from './articles';
import { defaultBehaviour, type Behaviour } from '../control/behaviour';
import type { Content, WpArticle, WpPostCard, WpTag } from './types';

// The emulator's live copy of the content, with the lookups the routes need. Publishing mutates it.

// Cards are built as the content generator builds them (the 640 px variant as background image).
export { toCard } from './articles';

export class ContentStore {
  /** How the emulated services behave where real deployments differ (control/behaviour.ts). */
  behaviour: Behaviour = defaultBehaviour();

  /** `now`: the emulator's clock, the real one unless UPSTREAM_NOW (or /__control/clock) pins it. */
  constructor(
    public content: Content,
    public now: () => number = Date.now,
  ) {}

  get published(): WpArticle[] {
    return this.content.articles.filter((a) => a.status === 'publish');
  }

  articleBySlug(slug: string): WpArticle | undefined {
    return this.content.articles.find((a) => a.slug === slug);
  }

  articleById(id: number): WpArticle | undefined {
    return this.content.articles.find((a) => a.id === id);
  }

  /** Newest first, as WordPress orders by date desc by default. */
  publishedSorted(): WpArticle[] {
    return [...this.published].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  }

  allTags(): WpTag[] {
    const seen = new Map<number, WpTag>();
    for (const a of this.content.articles) for (const t of a.tags) if (t.source === 'tag') seen.set(t.id, t);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }

  latestCards(n: number, categoryId?: number): WpPostCard[] {
    return this.publishedSorted()
      .filter((a) => categoryId === undefined || a.categories.includes(categoryId))
      .slice(0, n)
      .map(toCard);
  }
}
