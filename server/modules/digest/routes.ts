import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../common/auth.js';
import { MAX_CATEGORY_NAME_LENGTH, MAX_FOLLOWED_CATEGORIES } from '../../../common/digest-rules.js';
import {
  digestSettingsBodySchema,
  digestSubscriptionSchema,
  oneClickQuerySchema,
  unsubscribeBodySchema,
} from '../../../common/digest-subscription.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { jsonBodyLimit } from '../../http/body-limits.js';
import type { Sessions } from '../auth/sessions.js';
import { ONE_CLICK_PATH } from './mail.js';
import type { DigestService } from './service.js';

const readerErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tokenErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
/** A provider's one-click body (`List-Unsubscribe=One-Click`) is read as text and not otherwise used: the token decides. */
const ONE_CLICK_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const ONE_CLICK_BODY_LIMIT = 4 * 1024;
const oneClickRoute = ONE_CLICK_PATH.replace(/^\/api/, '');

/** The signed-in reader's digest settings; every route needs a verified account and acts on its own settings only. */
const readerRoutes: FastifyPluginAsyncZod<{ digest: DigestService; sessions: Sessions }> = async (
  app,
  { digest, sessions },
) => {
  // onRequest, so that a visitor learns nothing from validation errors.
  app.addHook('onRequest', async (request) => {
    await sessions.requireUser(request);
  });
  const readerId = async (request: FastifyRequest) => (await sessions.requireUser(request)).id;

  app.get(
    '/digest-subscription',
    {
      schema: {
        summary: 'My email digest and the categories I may follow',
        response: { 200: digestSubscriptionSchema, ...readerErrors },
      },
    },
    async (request) => digest.get(await readerId(request)),
  );

  app.put(
    '/digest-subscription',
    {
      bodyLimit: jsonBodyLimit(MAX_FOLLOWED_CATEGORIES * MAX_CATEGORY_NAME_LENGTH),
      schema: {
        summary: 'Follow categories in the email digest',
        description:
          'Replaces the categories followed (known names only, at most 50), the frequency (`weekly`, the default: each ISO week from Monday 00:00 UTC; or `daily`: each UTC day) and the language of the mail. No categories ends the subscription.',
        body: digestSettingsBodySchema,
        response: { 200: digestSubscriptionSchema, ...readerErrors },
      },
    },
    async (request) => digest.save(await readerId(request), request.body),
  );

  app.delete(
    '/digest-subscription',
    {
      schema: {
        summary: 'Unsubscribe from the email digest',
        response: { 200: digestSubscriptionSchema, ...readerErrors },
      },
    },
    async (request) => digest.remove(await readerId(request)),
  );
};

/** Unsubscribing by the token of a digest mail's link: no sign-in, as from a mail. */
const tokenRoutes: FastifyPluginAsyncZod<{ digest: DigestService }> = async (app, { digest }) => {
  app.addContentTypeParser(
    ONE_CLICK_BODY_TYPES,
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/digest-subscription/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe by the token of a digest mail',
        description:
          'Used by the page the link of a digest mail opens. 404 when the token is unknown, expired or used.',
        body: unsubscribeBodySchema,
        response: { 200: messageSchema, ...tokenErrors, 403: apiErrorSchema },
      },
    },
    async (request) => digest.unsubscribeByToken(request.body.token, request.ip),
  );

  app.post(
    oneClickRoute,
    {
      // Mail providers post it from their servers or their web mail; the token is the credential.
      config: { acceptsCrossSite: true },
      schema: {
        summary: 'One-click unsubscribe (RFC 8058)',
        description:
          'The URL of a digest mail’s List-Unsubscribe header: a POST with the body `List-Unsubscribe=One-Click` unsubscribes, with no cookie and from any origin.',
        querystring: oneClickQuerySchema,
        response: { 200: messageSchema, ...tokenErrors },
      },
    },
    async (request) => digest.unsubscribeByToken(request.query.token, request.ip),
  );

  app.get(
    oneClickRoute,
    {
      schema: {
        summary: 'Open the unsubscribe page of a one-click link',
        description:
          'Mail clients without one-click open the List-Unsubscribe URL in a browser: it leads to the page whose button unsubscribes. A GET never unsubscribes, since mail scanners fetch links.',
        querystring: oneClickQuerySchema,
        response: { 303: z.undefined().describe('See the page /unsubscribe?token=…') },
      },
    },
    async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token?.trim() ?? '')}`, 303),
  );
};

export const digestRoutes: FastifyPluginAsyncZod<{ digest: DigestService; sessions: Sessions }> = async (
  app,
  options,
) => {
  await app.register(readerRoutes, options);
  await app.register(tokenRoutes, { digest: options.digest });
};
