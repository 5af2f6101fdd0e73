/**
 * Until the app has hydrated, a prerendered page's controls are only HTML: typing would put text React does not
 * know about, and a click on a form's button would submit it natively (a GET with every field, the password too, in
 * the address). So, from the moment the entry script runs: text fields are read-only until React is about to
 * hydrate (it listens from then on, and the HTML must be as the server rendered it) — what is typed into one
 * meanwhile is kept and typed into it once hydrated, ahead of anything typed since — and clicks on buttons and
 * check boxes and implicit submissions (Enter in a field) are held until the app has hydrated, then replayed on
 * the live page — a click is not lost, only delayed; a choice made in a select meanwhile is made again on the live
 * page (React's state then has it); meanwhile `<html>` carries `data-input-held` (the stylesheet shows progress).
 * The page's root element then carries `data-hydrated`.
 */
const HELD_CLICKS =
  'button, input[type="submit"], input[type="button"], input[type="reset"], input[type="image"], input[type="checkbox"], input[type="radio"], input[type="file"]';
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'submit',
  'button',
  'reset',
  'image',
  'file',
  'hidden',
  'range',
  'color',
]);

export interface InputHold {
  /** Gives the text fields back (call just before hydrating: React then handles what is typed). */
  unlockFields(): void;
  /** Stops holding: types what was typed meanwhile, replays the held clicks and submissions (once hydrated). */
  release(): void;
}

export function holdInputUntilHydrated(doc: Document = document): InputHold {
  const fields = [...doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (el) => !el.readOnly && !el.disabled && !(el instanceof HTMLInputElement && NOT_TYPED.has(el.type)),
  );
  for (const el of fields) el.readOnly = true;
  const held: (() => void)[] = [];
  const heldTargets = new Set<EventTarget>();
  const hold = (target: EventTarget, replay: () => void) => {
    // Outside the app's root, so React never sees it: the page's stylesheet shows that something is on its way.
    doc.documentElement.setAttribute('data-input-held', '');
    if (heldTargets.has(target)) return;
    heldTargets.add(target);
    held.push(replay);
  };
  const onClick = (event: Event) => {
    const control = (event.target as Element | null)?.closest?.(HELD_CLICKS);
    if (!(control instanceof HTMLElement) || (control as HTMLButtonElement).disabled) return;
    // A popover's toggle does its whole job natively (the mobile menu opens before the app is there).
    if (control.hasAttribute('popovertarget')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(control, () => control.isConnected && control.click());
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(form, () => form.isConnected && form.requestSubmit());
  };
  // What is typed (or pasted) into a read-only field, kept to be typed into it once hydrated, before anything typed
  // into it since it was given back (its value then, as served, is kept to tell the two apart).
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const served = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const heldField = (target: EventTarget | null) =>
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
    target.readOnly &&
    fields.includes(target)
      ? target
      : null;
  const onKeyDown = (event: KeyboardEvent) => {
    const field = heldField(event.target);
    if (!field || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const text = typed.get(field) ?? '';
    if (event.key === 'Backspace') typed.set(field, text.slice(0, -1));
    else if (event.key.length === 1) typed.set(field, text + event.key);
    else if (event.key === 'Enter' && field instanceof HTMLTextAreaElement) typed.set(field, `${text}\n`);
    else return;
    doc.documentElement.setAttribute('data-input-held', '');
  };
  const onPaste = (event: ClipboardEvent) => {
    const field = heldField(event.target);
    const text = event.clipboardData?.getData('text/plain');
    if (!field || !text) return;
    typed.set(field, (typed.get(field) ?? '') + text);
    doc.documentElement.setAttribute('data-input-held', '');
  };
  /** Types the kept `text` into the field as React sees typing: the value set past its tracker, then `input`. */
  const typeInto = (field: HTMLInputElement | HTMLTextAreaElement, text: string) => {
    if (!field.isConnected || !text) return;
    const before = served.get(field) ?? '';
    const value = field.value.startsWith(before)
      ? before + text + field.value.slice(before.length)
      : field.value + text;
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  // What is chosen in a select meanwhile (the browser's list works before the app does), chosen again once hydrated.
  const chosen = new Map<HTMLSelectElement, string>();
  const onChange = (event: Event) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    chosen.set(event.target, event.target.value);
    doc.documentElement.setAttribute('data-input-held', '');
  };
  /** Chooses `value` as React sees a choice: the value set, then `change`. */
  const chooseIn = (select: HTMLSelectElement, value: string) => {
    if (!select.isConnected) return;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('change', onChange, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('paste', onPaste, true);
  let unlocked = false;
  let released = false;
  const unlockFields = () => {
    if (unlocked) return;
    unlocked = true;
    for (const el of fields) {
      served.set(el, el.value);
      el.readOnly = false;
    }
  };
  return {
    unlockFields,
    release() {
      if (released) return;
      released = true;
      unlockFields();
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('change', onChange, true);
      doc.removeEventListener('submit', onSubmit, true);
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('paste', onPaste, true);
      doc.documentElement.setAttribute('data-hydrated', '');
      doc.documentElement.removeAttribute('data-input-held');
      for (const [field, text] of typed) typeInto(field, text);
      for (const [select, value] of chosen) chooseIn(select, value);
      for (const replay of held) replay();
    },
  };
}
