/**
 * A prerendered signed-out page (decision 029) shows its form before React has hydrated it. A tap on its submit
 * button (or Enter in a field) in that moment would be lost: React does not replay a form's submission. Until the
 * form is hydrated, such a submission is held here, and sent once the form's fields have handed React what they show
 * (components/ui/field.tsx calls releaseHeldSubmit from its mount effect).
 */
const waiting = new WeakSet<HTMLFormElement>();
const held = new WeakSet<HTMLFormElement>();

function submittedForm(e: Event): HTMLFormElement | null {
  if (e.type === 'submit') return e.target instanceof HTMLFormElement ? e.target : null;
  const control = e.target instanceof Element ? e.target.closest('button, input') : null;
  return (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && control.type === 'submit' ? control.form : null;
}

/** Before hydrateRoot: every form in the prerendered markup holds its submissions until it is hydrated. */
export function holdPrerenderedSubmits(root: HTMLElement): void {
  root.querySelectorAll('form').forEach((form) => waiting.add(form));
  const hold = (e: Event) => {
    const form = submittedForm(e);
    if (!form || !waiting.has(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.add(form);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
}

/**
 * A field's form is hydrated (called after the field's mount effect): its submissions go to React from now on, and one
 * made before is sent now, after the fields' values have reached the screen's state.
 */
export function releaseHeldSubmit(form: HTMLFormElement | null): void {
  if (!form || !waiting.delete(form) || !held.delete(form)) return;
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit();
  }, 0);
}
