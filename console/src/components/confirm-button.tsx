/**
 * A destructive action asked twice in the page itself (no browser confirm box): the first press
 * shows what will happen and a confirming button, which runs the action.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { useSubmit } from '../api/use-submit';

export function ConfirmButton(props: { label: string; confirmLabel: string; warning: string; onConfirm(): Promise<void> | void }): JSX.Element {
  const [asking, setAsking] = useState(false);
  const confirming = useSubmit();
  if (!asking) {
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  // The callers show their own errors: this button only asks and stays disabled while it runs.
  const confirm = () =>
    confirming.run(async () => {
      try {
        await props.onConfirm();
      } finally {
        setAsking(false);
      }
    });
  return (
    <span class="confirm" role="group" aria-label={props.label}>
      <span class="confirm-warning">{props.warning}</span>
      <button type="button" class="danger" disabled={confirming.busy} onClick={confirm}>
        {props.confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
