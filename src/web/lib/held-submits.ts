/**
 * A prerendered signed-out page (decision 029) shows its form before React has hydrated it. A tap on its submit
 * button (or Enter in a field) in that moment would be lost: React does not replay a form's submission. Until the
 * form is hydrated, such a submission is held here, and sent once the form's fields have handed React what they show
 * (components/ui/field.tsx calls releaseHeldSubmit from its mount effect). Before this module runs, index.html's
 * inline script stops the browser's own submission and notes the form in `window.__big7EarlySubmit`.
 */
const waiting = new WeakSet<HTMLFormElement>();
/** A held form, with the control that sent it (a submit button) if there was one. */
const held = new WeakMap<HTMLFormElement, HTMLElement | null>();

type EarlyWindow = { __big7EarlySubmit?: HTMLFormElement; __big7Holding?: boolean };

function submitted(e: Event): { form: HTMLFormElement; by: HTMLElement | null } | null {
  if (e.type === 'submit') return e.target instanceof HTMLFormElement ? { form: e.target, by: (e as SubmitEvent).submitter } : null;
  const control = e.target instanceof Element ? e.target.closest('button, input') : null;
  const submits = (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && control.type === 'submit';
  return submits && control.form ? { form: control.form, by: control } : null;
}

/**
 * Before hydrateRoot: each form of the prerendered markup with one of our fields (`data-field`, which releases it)
 * holds its submissions until it is hydrated; one the inline script stopped before now is held too.
 */
export function holdPrerenderedSubmits(root: HTMLElement): void {
  root.querySelectorAll('form').forEach((form) => {
    if (form.querySelector('[data-field]')) waiting.add(form);
  });
  const early = window as EarlyWindow;
  early.__big7Holding = true;
  if (early.__big7EarlySubmit && waiting.has(early.__big7EarlySubmit)) held.set(early.__big7EarlySubmit, null);
  delete early.__big7EarlySubmit;
  const hold = (e: Event) => {
    const sent = submitted(e);
    if (!sent || !waiting.has(sent.form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.set(sent.form, sent.by);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
}

/**
 * A field's form is hydrated (called after the field's mount effect): its submissions go to React from now on, and one
 * made before is sent now, after the fields' values have reached the screen's state.
 */
export function releaseHeldSubmit(form: HTMLFormElement | null): void {
  if (!form || !waiting.delete(form) || !held.has(form)) return;
  const by = held.get(form) ?? null;
  held.delete(form);
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit(by?.isConnected && by.closest('form') === form ? by : undefined);
  }, 0);
}
