import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../common/account-rules.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { paperPaths, paperRefOf } from '../papers/paper-paths.js';
import type { ShareCard, ShareCards } from './service.js';
import { CARD_PAGES } from './texts.js';

const cardQuery = z.object({
  lang: z.enum(LOCALES).default('en').meta({ description: 'The language of the page the card stands for.' }),
  v: z
    .string()
    .max(40)
    .optional()
    .meta({ description: 'A paper cover’s version, as the site’s pages give it: a new one after an edit.' }),
});
const png = { content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } };
const notModified = z.undefined().describe('The card is unchanged: the ETag sent in If-None-Match is current.');
/** A day, then revalidated with the ETag: a card changes only when its page's title does. */
const CARD_CACHE = 'public, max-age=86400';
const CARD_DESCRIPTION =
  'A PNG of 1200 × 630 for social networks and chat apps (`og:image`), in the language asked for. Cached for a day, then revalidated with its ETag in If-None-Match.';

async function sendCard(request: FastifyRequest, reply: FastifyReply, draw: () => Promise<ShareCard>) {
  const card = await draw();
  reply.header('ETag', card.etag).header('Cache-Control', CARD_CACHE);
  if (request.headers['if-none-match'] === card.etag) return reply.status(304).send();
  return reply.type('image/png').send(card.png);
}

/** The share cards of papers, posts and pages (GET /api/share-cards/…), public like the pages. */
export const shareCardsRoutes: FastifyPluginAsyncZod<{ shareCards: ShareCards }> = async (app, { shareCards }) => {
  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/share-cards/papers/${segments}`,
      {
        schema: {
          summary: `Get the share card of a paper ${naming}`,
          description: `${CARD_DESCRIPTION} The paper’s cover with its title and first category.`,
          params,
          querystring: cardQuery,
          response: { 200: png, 304: notModified, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request, reply) =>
        sendCard(request, reply, () => shareCards.paper(paperRefOf(request.params), request.query.lang)),
    );
  }

  app.get(
    '/share-cards/posts/:id',
    {
      schema: {
        summary: 'Get the share card of a blog post',
        description: `${CARD_DESCRIPTION} The post’s title in that language, else in English.`,
        params: z.object({ id: z.string().max(200).meta({ description: 'The post’s id.' }) }),
        querystring: cardQuery,
        response: { 200: png, 304: notModified, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request, reply) => sendCard(request, reply, () => shareCards.post(request.params.id, request.query.lang)),
  );

  app.get(
    '/share-cards/pages/:page',
    {
      schema: {
        summary: 'Get the share card of a page of the site',
        description: `${CARD_DESCRIPTION} The home page, the digest, the blog, the documentation, the privacy policy.`,
        params: z.object({ page: z.enum(CARD_PAGES).meta({ description: 'The page, by its route name.' }) }),
        querystring: cardQuery,
        response: { 200: png, 304: notModified, 400: apiErrorSchema },
      },
    },
    (request, reply) => sendCard(request, reply, () => shareCards.page(request.params.page, request.query.lang)),
  );
};
