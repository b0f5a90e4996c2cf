/** 'Suggested Questions:' — tapping one fills the question box. */
export function SuggestedQuestions({ questions, onPick }: { questions: readonly string[]; onPick: (q: string) => void }) {
  return (
    <section aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" className="mb-2 font-semibold">
        Suggested Questions:
      </h2>
      <ul className="space-y-2">
        {questions.map((q) => (
          <li key={q}>
            <button
              type="button"
              onClick={() => onPick(q)}
              className="min-h-11 w-full rounded-xl border border-border bg-surface px-4 py-2 text-left hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
