/**
 * Results and errors announced to screen readers: a polite status for outcomes ("Gateway
 * created"), an alert for failures. Both regions are always in the page so announcements fire.
 */
import type { JSX } from 'preact';
import type { ApiError } from '../api/api-error';

export function LiveStatus(props: { message?: string | null; error?: ApiError | Error | string | null }): JSX.Element {
  const error = typeof props.error === 'string' ? props.error : props.error?.message;
  return (
    <div class="live">
      <p role="status" aria-live="polite" class="status-ok">
        {props.message ?? ''}
      </p>
      <p role="alert" class="status-error">
        {error ?? ''}
      </p>
    </div>
  );
}
