import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  providersResponseSchema,
  signUpResponseSchema,
  verifyEmailResponseSchema,
  emailBodySchema,
  isValidTimezone,
  messageSchema,
  publicUserSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
} from '@shared/schemas/auth';
import { endSession, requireUser, startSession, currentUser, toPublicUser } from '@server/plugins/session';
import {
  GOOGLE_COOKIE_TTL_S,
  GOOGLE_MESSAGES,
  GoogleAccountError,
  fetchGoogleProfile,
  findOrCreateGoogleUser,
  startGoogleAuth,
} from './google';
import * as service from './service';
import { contextOf } from '@server/context';
import { withCurrentTier } from '@server/modules/subscriptions/service';


const sessionProbeSchema = z.object({ user: publicUserSchema.nullable() });

const INVALID_LINK = service.AUTH_API_MESSAGES.verifyInvalid;
const verifyEmailQuerySchema = z.object({
  token: z.string({ error: INVALID_LINK }).min(1, INVALID_LINK).max(200, INVALID_LINK),
});

/** Navigation from the browser: unknown values fall back instead of showing a JSON error page. */
const googleStartQuerySchema = z.object({
  flow: z.enum(['signup', 'login']).catch('login').default('login'),
  timezone: z
    .string()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((tz) => (tz && isValidTimezone(tz) ? tz : undefined)),
});
const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional().catch(undefined),
  state: z.string().max(512).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
});

const GOOGLE_COOKIES = { state: 'big7_g_state', verifier: 'big7_g_verifier', flow: 'big7_g_flow', timezone: 'big7_g_tz' };
const GOOGLE_COOKIE_PATH = '/api/auth/google';

/** Back to the app's root with the outcome (spaces as %20, so any client-side decoder reads it). */
function googleRedirect(reply: FastifyReply, params: Record<string, string>) {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return reply.redirect(`/?${query}`, 302);
}
const googleError = (reply: FastifyReply, error: string, message: string) =>
  googleRedirect(reply, { error, provider: 'google', message });

/**
 * The sign-up, sign-in, verification, password and Google routes draw from one per-IP budget
 * (`app.authRateLimit`: 100 per 15 minutes for all of them together). The session reads and logout
 * (/user, /logout, /providers) are not auth attempts and are not counted.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    { onRequest: app.authRateLimit, schema: { body: signUpBodySchema, response: { 201: signUpResponseSchema } } },
    async (request, reply) => {
      const user = await service.signUp(contextOf(request), request.body);
      await startSession(request, reply, user.id);
      return reply.status(201).send({ user: toPublicUser(user, app.config), message: service.AUTH_API_MESSAGES.signedUp });
    },
  );

  app.post(
    '/signin',
    { onRequest: app.authRateLimit, schema: { body: signInBodySchema, response: { 200: signInResponseSchema } } },
    async (request, reply) => {
      const user = await service.signIn(contextOf(request), request.body);
      await startSession(request, reply, user.id);
      return { user: toPublicUser(user, app.config), message: service.AUTH_API_MESSAGES.signedIn };
    },
  );

  // The two routes that take an e-mail address and answer a message.
  for (const [url, send] of [
    ['/resend-verification', service.resendVerification],
    ['/forgot-password', service.forgotPassword],
  ] as const) {
    app.post(
      url,
      { onRequest: app.authRateLimit, schema: { body: emailBodySchema, response: { 200: messageSchema } } },
      async (request) => send(contextOf(request), request.body.email),
    );
  }

  app.get(
    '/verify-email',
    { onRequest: app.authRateLimit, schema: { querystring: verifyEmailQuerySchema, response: { 200: verifyEmailResponseSchema } } },
    async (request) => service.verifyEmail(contextOf(request), request.query.token),
  );


  app.post(
    '/reset-password',
    { onRequest: app.authRateLimit, schema: { body: resetPasswordBodySchema, response: { 200: messageSchema } } },
    async (request) => service.resetPassword(contextOf(request), request.body.token, request.body.password),
  );

  app.get(
    '/user',
    { onRequest: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A trial or paid period that ended since the last write is applied to the answer (reads never write it).
      return toPublicUser(await withCurrentTier(contextOf(request), currentUser(request)), app.config);
    },
  );

  // The client's session probe: the same user as GET /user, but a visitor gets 200 {user: null} instead of a 401,
  // so a signed-out page logs no failed request (Lighthouse best practices). GET /user keeps the spec's 401.
  app.get('/session', { schema: { response: { 200: sessionProbeSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: request.user ? toPublicUser(await withCurrentTier(contextOf(request), request.user), app.config) : null };
  });

  app.post('/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply);
    return { message: service.AUTH_API_MESSAGES.loggedOut };
  });

  app.get('/providers', { schema: { response: { 200: providersResponseSchema } } }, async () => ({
    google: app.config.google !== null,
  }));

  app.get('/google', { onRequest: app.authRateLimit, schema: { querystring: googleStartQuerySchema } }, async (request, reply) => {
    const google = app.config.google;
    if (!google) return googleError(reply, 'google_not_configured', GOOGLE_MESSAGES.notConfigured);
    const { url, state, codeVerifier } = startGoogleAuth(app.config, google);
    const opts = {
      path: GOOGLE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.secureCookies,
      maxAge: GOOGLE_COOKIE_TTL_S,
    };
    reply.setCookie(GOOGLE_COOKIES.state, state, opts);
    reply.setCookie(GOOGLE_COOKIES.verifier, codeVerifier, opts);
    reply.setCookie(GOOGLE_COOKIES.flow, request.query.flow, opts);
    if (request.query.timezone) reply.setCookie(GOOGLE_COOKIES.timezone, request.query.timezone, opts);
    else reply.clearCookie(GOOGLE_COOKIES.timezone, { path: GOOGLE_COOKIE_PATH });
    return reply.redirect(url, 302);
  });

  app.get(
    '/google/callback',
    { onRequest: app.authRateLimit, schema: { querystring: googleCallbackQuerySchema } },
    async (request, reply) => {
      const google = app.config.google;
      const cookies = request.cookies;
      const savedState = cookies[GOOGLE_COOKIES.state];
      const codeVerifier = cookies[GOOGLE_COOKIES.verifier];
      const flow = cookies[GOOGLE_COOKIES.flow];
      const tzCookie = cookies[GOOGLE_COOKIES.timezone];
      for (const name of Object.values(GOOGLE_COOKIES)) reply.clearCookie(name, { path: GOOGLE_COOKIE_PATH });
      if (!google) return googleError(reply, 'google_not_configured', GOOGLE_MESSAGES.notConfigured);

      const { code, state, error } = request.query;
      if (error) {
        request.log.info({ error, flow }, 'google sign-in: provider returned an error');
        return googleError(
          reply,
          'authentication_failed',
          error === 'access_denied' ? GOOGLE_MESSAGES.denied : GOOGLE_MESSAGES.providerError,
        );
      }
      if (!code || !state || !savedState || !codeVerifier || state !== savedState) {
        return googleError(reply, 'authentication_failed', GOOGLE_MESSAGES.stateMismatch);
      }

      let profile;
      try {
        profile = await fetchGoogleProfile(app.config, google, code, codeVerifier);
      } catch (err) {
        request.log.warn({ err }, 'google sign-in: token exchange or profile fetch failed');
        return googleError(reply, 'authentication_failed', GOOGLE_MESSAGES.tokenFailed);
      }

      let user;
      try {
        const timezone = tzCookie && isValidTimezone(tzCookie) ? tzCookie : undefined;
        user = await findOrCreateGoogleUser(contextOf(request), profile, timezone);
      } catch (err) {
        if (err instanceof GoogleAccountError) return googleError(reply, 'account_creation_failed', err.message);
        request.log.error({ err }, 'google sign-in: account creation failed');
        return googleError(reply, 'account_creation_failed', GOOGLE_MESSAGES.accountFailed);
      }

      try {
        await startSession(request, reply, user.id);
      } catch (err) {
        request.log.error({ err }, 'google sign-in: session failed');
        return googleError(reply, 'session_failed', GOOGLE_MESSAGES.sessionFailed);
      }
      return googleRedirect(reply, { auth: 'success', provider: 'google' });
    },
  );
};

export default routes;
