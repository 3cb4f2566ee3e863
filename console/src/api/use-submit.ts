/**
 * One form submission or page action at a time: `busy` while it runs (for the button's
 * `disabled`), the `ApiError` it threw in `error` (the API's own `{error, message}`, for the
 * fields and the form's alert), cleared once a later run succeeds.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from './api-error';

export interface Submission {
  /** True from `run` until its action settles. */
  busy: boolean;
  /** What the last action threw; null before any failure and after a success. */
  error: ApiError | null;
  /**
   * Runs `action` unless one is already running (then the call is ignored): a double click or a
   * repeated Enter sends one request even before the page has re-rendered the disabled button.
   * Never rejects: a throw becomes `error`. After the component unmounts (a save that navigates
   * away, a page left while its request is pending) it sets nothing.
   */
  run(action: () => Promise<void> | void): Promise<void>;
  /** Shows or clears an error without running anything (the form's own checks, a reset). */
  setError(error: ApiError | null): void;
}

export function useSubmit(): Submission {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  // A ref, not the state: the second click of a double click arrives before the re-render.
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (action: () => Promise<void> | void) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
      if (mounted.current) setError(null);
    } catch (err) {
      if (mounted.current) setError(err as ApiError);
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}
