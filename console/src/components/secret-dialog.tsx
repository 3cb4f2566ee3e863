/**
 * A secret the API shows once (an `ag_` or `tgk_` key, a machine credential's secret): a modal
 * dialog with the value, a copy button and a warning that it cannot be shown again. Closing it
 * drops the value from the page's state (the caller passes `null` afterwards).
 */
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

export function SecretDialog(props: { title: string; secret: string | null; onClose(): void; note?: string }): JSX.Element | null {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const titleId = useId();
  const secretId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (props.secret && element && !element.open) {
      setCopied('');
      element.showModal();
      field.current?.select();
    }
  }, [props.secret]);

  if (!props.secret) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret!);
      setCopied('Copied to the clipboard.');
    } catch {
      field.current?.select();
      setCopied('Copying is not allowed here: the value is selected, copy it with the keyboard.');
    }
  };
  const close = () => {
    dialog.current?.close();
  };
  return (
    <dialog ref={dialog} class="secret-dialog" aria-labelledby={titleId} onClose={props.onClose}>
      <h2 id={titleId}>{props.title}</h2>
      <p>{props.note ?? 'This value is shown once. Copy it now: it cannot be shown again.'}</p>
      <label for={secretId}>Secret value</label>
      <input id={secretId} ref={field} class="secret-value" type="text" readOnly value={props.secret} spellcheck={false} autoComplete="off" data-secret="shown-once" />
      <p role="status" class="status-ok">
        {copied}
      </p>
      <div class="buttons">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" class="primary" onClick={close}>
          I have stored it
        </button>
      </div>
    </dialog>
  );
}
