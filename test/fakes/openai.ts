import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One chat completions request the fake received. */
export interface FakeChatRequest {
  authorization: string | undefined;
  model: string;
  messages: Array<{ role: string; content: string }>;
  body: Record<string, unknown>;
}

/** How the fake answers the next requests: a reply, a 500, or no answer at all (a hung provider). */
export type FakeOpenAiMode = { reply: string } | { status: number } | 'hang';

export interface FakeOpenAi {
  /** The base URL the SDK is given, e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Environment for the app (AI_COACH_*). */
  env: Record<string, string>;
  mode: FakeOpenAiMode;
  requests: FakeChatRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * An OpenAI-compatible server on 127.0.0.1 implementing POST /v1/chat/completions, recording each request.
 * Start it inside a test; `mode` decides the answers.
 */
export async function startFakeOpenAi(opts: { model?: string; apiKey?: string } = {}): Promise<FakeOpenAi> {
  const sockets = new Set<Socket>();
  const fake: Omit<FakeOpenAi, 'baseUrl' | 'env' | 'close'> = { mode: { reply: 'Fake coach advice.' }, requests: [] };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(res, 404, { error: { message: 'not found' } });
    const text = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return json(res, 400, { error: { message: 'invalid JSON' } });
    }
    const messages = Array.isArray(body.messages) ? (body.messages as FakeChatRequest['messages']) : [];
    fake.requests.push({ authorization: req.headers.authorization, model: String(body.model), messages, body });
    const mode = fake.mode;
    if (mode === 'hang') return; // never answers; the socket is destroyed on close()
    if ('status' in mode) return json(res, mode.status, { error: { message: 'fake provider failure', type: 'server_error' } });
    return json(res, 200, {
      id: `chatcmpl-${fake.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [{ index: 0, message: { role: 'assistant', content: mode.reply }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  };
  const server = createServer((req, res) => void answer(req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return Object.assign(fake, {
    baseUrl,
    env: {
      AI_COACH_BASE_URL: baseUrl,
      AI_COACH_API_KEY: opts.apiKey ?? 'sk-test-fake',
      AI_COACH_MODEL: opts.model ?? 'fake-coach-1',
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}
