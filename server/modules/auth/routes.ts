import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkSchema,
  emailBodySchema,
  loginBodySchema,
  messageSchema,
  resetBodySchema,
  signupBodySchema,
  userMessageSchema,
  verifyAnswerSchema,
  verifyPasswordBodySchema,
  verifyQuerySchema,
} from '../../../common/auth.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { scheduleHousekeeping } from './housekeeping.js';
import type { LinkMailer } from './link-mail.js';
import { AUTH_MESSAGES, type AuthService } from './service.js';
import type { Sessions } from './sessions.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessions: Sessions;
  linkMailer: Pick<LinkMailer, 'start' | 'stop'>;
}> = async (app, { auth, sessions, linkMailer }) => {
  scheduleHousekeeping(app, auth);
  // Mails the mail server refused are retried while the app serves; preClose, so that the look
  // under way ends while the database is still open.
  app.addHook('onReady', async () => linkMailer.start());
  app.addHook('preClose', async () => linkMailer.stop());

  // Every well-formed sign-up is answered alike, new address or not, marker cookie included.
  app.post(
    '/auth/signup',
    {
      schema: {
        summary: 'Sign up: mails a verification link',
        body: signupBodySchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const marker = sessions.newSignupMarker();
      const answer = await auth.signup(request.body, request.ip, marker.hash);
      marker.setOn(reply);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/auth/verify-email',
    {
      schema: {
        summary:
          'Verify an email address by its link in the browser that signed up; elsewhere, say a new password is needed',
        querystring: verifyQuerySchema,
        response: { 200: verifyAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const verified = await auth.verifyEmail(request.query.token?.trim(), sessions.signupMarkerOf(request));
      if ('passwordNeeded' in verified) return { passwordNeeded: true as const, message: AUTH_MESSAGES.choosePassword };
      if (!verified.signsIn) return { message: AUTH_MESSAGES.verifiedSignIn };
      sessions.clearSignupMarker(reply);
      await sessions.start(reply, verified.user.id);
      return { user: verified.user, message: AUTH_MESSAGES.verified };
    },
  );

  // The way in for a browser that did not sign up: the mailed link and a new password, then sign-in.
  app.post(
    '/auth/verify-email',
    {
      schema: {
        summary: "Verify an email address by its link with a new password, which replaces the sign-up's",
        body: verifyPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.verifyWithPassword({ ...request.body, token: request.body.token?.trim() }),
  );

  app.post(
    '/auth/login',
    { schema: { summary: 'Sign in', body: loginBodySchema, response: { 200: userMessageSchema, ...errors } } },
    async (request, reply) => {
      const user = await auth.login(request.body, request.ip);
      await sessions.start(reply, user.id);
      return { user, message: AUTH_MESSAGES.signedIn };
    },
  );

  app.get(
    '/auth/check',
    { schema: { summary: 'The signed-in user, or null', response: { 200: checkSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: await sessions.current(request) };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'Sign out', response: { 200: messageSchema } } },
    async (request, reply) => {
      await sessions.end(request, reply);
      return { message: AUTH_MESSAGES.signedOut };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.forgotPassword(request.body, request.ip),
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        summary: 'Mail the verification link again',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.resendVerification(request.body, request.ip),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password by the link of a reset mail',
        body: resetBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.resetPassword(request.body, sessions.idHashOf(request)),
  );
};
