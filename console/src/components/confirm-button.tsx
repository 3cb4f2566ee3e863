/**
 * A destructive action asked twice in the page itself (no browser confirm box): the first press
 * shows what will happen and a confirming button, which runs the action.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

export function ConfirmButton(props: { label: string; confirmLabel: string; warning: string; onConfirm(): Promise<void> | void }): JSX.Element {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <span class="confirm" role="group" aria-label={props.label}>
      <span class="confirm-warning">{props.warning}</span>
      <button type="button" class="danger" disabled={busy} onClick={confirm}>
        {props.confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
