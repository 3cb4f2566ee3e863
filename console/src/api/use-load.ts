/**
 * Loads data for a page: the value, the ApiError, `reload()` to fetch again after a change, and
 * `set()` to show a record the API just answered (a save) without waiting for a second fetch.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiError } from './api-error';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload(): void;
  set(value: T): void;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (err: ApiError) => {
        if (!current) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const set = useCallback((value: T) => {
    setData(value);
    setError(null);
  }, []);
  return { data, error, loading, reload, set };
}
