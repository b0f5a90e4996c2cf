import OpenAI from 'openai';
import { builtInAdvice, coachSystemPrompt, type CoachSummary } from '@shared/domain/coach';
import type { MessageRole } from '@shared/schemas/ai-coach';
import type { AppConfig } from '@server/config';

/** What a coach gets for one answer: the person's summary and the conversation so far (ending with the question). */
export interface CoachRequest {
  question: string;
  summary: CoachSummary;
  firstName: string | null;
  /** The conversation, oldest first; its last message is the question being asked. */
  conversation: ReadonlyArray<{ role: MessageRole; content: string }>;
}

export interface CoachProvider {
  readonly name: 'openai' | 'built-in';
  /** The advice text; throws CoachProviderError when the provider fails or takes too long. */
  answer(request: CoachRequest): Promise<string>;
}

/** The provider failed, timed out, or answered nothing. */
export class CoachProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CoachProviderError';
  }
}

/** The built-in coach: answers from the person's own data with the per-area tips (no network). */
export const builtInProvider: CoachProvider = {
  name: 'built-in',
  answer: async (r) => builtInAdvice({ question: r.question, summary: r.summary, firstName: r.firstName }),
};

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM…) through the official SDK. One answer
 * takes at most `timeoutMs` in all: the SDK's own timeout and its single retry run under one AbortSignal.
 */
export function openAiProvider(opts: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number; maxTokens: number }): CoachProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers (Ollama, vLLM) need no key, but the SDK wants one.
    apiKey: opts.apiKey ?? 'not-needed',
    timeout: opts.timeoutMs,
    maxRetries: 1,
  });
  return {
    name: 'openai',
    async answer(r) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: 'system', content: coachSystemPrompt(r.summary, r.firstName) },
        ...r.conversation.map((m) => ({ role: m.role, content: m.content })),
      ];
      let text: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          // max_tokens bounds what one answer may cost (AI_COACH_MAX_TOKENS).
          { model: opts.model, messages, max_tokens: opts.maxTokens },
          { signal: AbortSignal.timeout(opts.timeoutMs) },
        );
        text = completion.choices[0]?.message?.content;
      } catch (err) {
        throw new CoachProviderError(err instanceof Error ? err.message : 'the AI provider failed', { cause: err });
      }
      if (!text || !text.trim()) throw new CoachProviderError('the AI provider answered with no text');
      return text.trim();
    },
  };
}

/** The configured provider: the OpenAI-compatible endpoint when set, else the built-in coach. */
export function coachProviderFor(config: Pick<AppConfig, 'aiCoach' | 'aiCoachTimeoutMs' | 'aiCoachMaxTokens'>): CoachProvider {
  return config.aiCoach ? openAiProvider({ ...config.aiCoach, timeoutMs: config.aiCoachTimeoutMs, maxTokens: config.aiCoachMaxTokens }) : builtInProvider;
}
