/**
 * A table over a paginated listing (`{items, page, size, total}`): it loads one page at a time,
 * with Previous and Next, and announces loading, emptiness and failures. Its scroller is
 * focusable so a keyboard can scroll wide tables at phone width.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api/api-error';
import type { Page } from '../api/client';

export interface Column<T> {
  header: string;
  cell(row: T): ComponentChildren;
}

export interface PagedTableProps<T> {
  /** Names the table for screen readers (and the scroll region). */
  caption: string;
  columns: readonly Column<T>[];
  load(page: number, size: number): Promise<Page<T>>;
  rowKey(row: T): string;
  /** Change it to load again (after a create or delete). */
  reloadKey?: unknown;
  pageSize?: number;
  empty?: string;
}

export function PagedTable<T>(props: PagedTableProps<T>): JSX.Element {
  const size = props.pageSize ?? 20;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    props.load(page, size).then(
      (answer) => {
        if (!current) return;
        // A delete can empty the last page: step back to one that has rows.
        if (answer.items.length === 0 && page > 1) setPage(page - 1);
        setData(answer);
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
  }, [page, size, props.reloadKey]);

  const pages = data ? Math.max(1, Math.ceil(data.total / size)) : 1;
  return (
    <div class="paged-table">
      <div class="table-scroll" role="region" aria-label={props.caption} tabIndex={0}>
        <table>
          <caption>{props.caption}</caption>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th scope="col" key={c.header}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.items.map((row) => (
              <tr key={props.rowKey(row)}>
                {props.columns.map((c) => (
                  <td key={c.header} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" class="table-status">
        {loading ? 'Loading…' : error ? '' : data && data.total === 0 ? (props.empty ?? 'Nothing here yet.') : data ? `${data.total} in all` : ''}
      </p>
      <p role="alert" class="status-error">
        {error?.message ?? ''}
      </p>
      {pages > 1 && (
        <nav class="pager" aria-label={`${props.caption}: pages`}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
