import { useRef } from 'react';
import { ScrollIndicator } from '../../../components/ui/scroll-indicator.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { BlogPost } from '../posts.js';
import { relatedPosts } from '../related.js';
import { PostArticle } from './post-article.js';
import { RelatedPosts } from './related-posts.js';

interface PostViewProps {
  post: BlogPost;
  /** The posts of the same language, for Related Articles. */
  posts: BlogPost[];
  html: string | null;
  bodyError: boolean;
  onRetryBody: () => void;
  isFallback: boolean;
  listPath: string;
}

/**
 * A loaded post: the article, Related Articles and the reading rail. The post page loads this part
 * (with the sanitiser) in parallel with the post's data, so its first render needs only its frame.
 */
export function PostView({ post, posts, listPath, ...article }: PostViewProps) {
  const { t } = useTranslation('blog');
  const articleRef = useRef<HTMLElement>(null);
  return (
    <>
      <div className="mx-auto max-w-3xl md:pe-6 lg:pe-0">
        <PostArticle post={post} listPath={listPath} articleRef={articleRef} {...article} />
      </div>
      <RelatedPosts posts={relatedPosts(post, posts)} />
      <ScrollIndicator
        target={articleRef}
        label={t('post.readingProgress')}
        tickLabel={(percent) => t('post.jumpTo', { percent })}
        showProgress
      />
    </>
  );
}
