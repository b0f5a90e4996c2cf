import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  profile: FakeGoogleProfile;
  used: boolean;
}

export interface FakeGoogle {
  /** Base URL, e.g. http://127.0.0.1:PORT */
  url: string;
  /** Environment for the app: client id/secret and the three endpoint URLs. */
  env: Record<string, string>;
  /** The profile the next /authorize call signs in as (or 'deny' to answer access_denied). */
  nextUser: FakeGoogleProfile | 'deny';
  /** Every /token request the provider saw, with what it decided. */
  tokenRequests: Array<{ ok: boolean; reason?: string }>;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A small OAuth 2.0 provider speaking Google's protocol on 127.0.0.1: /authorize (redirects back with a
 * code, or error=access_denied), /token (checks client credentials, code, redirect URI and the PKCE S256
 * verifier) and /userinfo (bearer token).
 */
export async function startFakeGoogle(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeGoogle> {
  const clientId = opts.clientId ?? 'test-client-id.apps.example';
  const clientSecret = opts.clientSecret ?? 'test-client-secret';
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeGoogleProfile>();

  const fake: FakeGoogle = {
    url: '',
    env: {},
    nextUser: { sub: 'google-sub-1', email: 'g.user@example.com', email_verified: true, given_name: 'Gina' },
    tokenRequests: [],
    close: async () => {},
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri');
        const state = q.get('state');
        if (
          q.get('client_id') !== clientId ||
          q.get('response_type') !== 'code' ||
          !redirectUri ||
          !state ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge')
        ) {
          return json(res, 400, { error: 'invalid_request' });
        }
        const back = new URL(redirectUri);
        back.searchParams.set('state', state);
        if (fake.nextUser === 'deny') {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = b64url(randomBytes(24));
          codes.set(code, {
            clientId,
            redirectUri,
            codeChallenge: q.get('code_challenge')!,
            profile: fake.nextUser,
            used: false,
          });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }

      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(req));
        const reject = (status: number, error: string, reason: string) => {
          fake.tokenRequests.push({ ok: false, reason });
          return json(res, status, { error, error_description: reason });
        };
        const auth = req.headers.authorization ?? '';
        const [id, secret] = auth.startsWith('Basic ')
          ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return reject(401, 'invalid_client', 'bad client credentials');
        if (form.get('grant_type') !== 'authorization_code') return reject(400, 'unsupported_grant_type', 'grant type');
        const issued = codes.get(form.get('code') ?? '');
        if (!issued || issued.used) return reject(400, 'invalid_grant', 'unknown or used code');
        if (form.get('redirect_uri') !== issued.redirectUri) return reject(400, 'invalid_grant', 'redirect_uri mismatch');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = b64url(createHash('sha256').update(verifier).digest());
        if (challenge !== issued.codeChallenge) return reject(400, 'invalid_grant', 'PKCE verifier mismatch');
        issued.used = true;
        const accessToken = b64url(randomBytes(24));
        accessTokens.set(accessToken, issued.profile);
        fake.tokenRequests.push({ ok: true });
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3599,
          scope: 'openid email profile',
        });
      }

      if (req.method === 'GET' && url.pathname === '/userinfo') {
        const auth = req.headers.authorization ?? '';
        const profile = auth.startsWith('Bearer ') ? accessTokens.get(auth.slice(7)) : undefined;
        if (!profile) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, profile);
      }

      return json(res, 404, { error: 'not_found' });
    })().catch((err: unknown) => {
      json(res, 500, { error: 'server_error', error_description: String(err) });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.env = {
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_AUTH_URL: `${fake.url}/authorize`,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    GOOGLE_USERINFO_URL: `${fake.url}/userinfo`,
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
