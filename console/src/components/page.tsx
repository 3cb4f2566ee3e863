/**
 * The frame of every page: its heading (focused on arrival, so screen readers announce the new
 * page), actions beside it, and the content.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Page(props: { title: string; actions?: ComponentChildren; children?: ComponentChildren }): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    document.title = `${props.title} · Portcullis console`;
  }, [props.title]);
  return (
    <article class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {props.title}
        </h1>
        {props.actions && <div class="page-actions">{props.actions}</div>}
      </header>
      {props.children}
    </article>
  );
}

/** A titled part of a page. */
export function Section(props: { title: string; children?: ComponentChildren; id?: string }): JSX.Element {
  const id = props.id ?? `section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section class="section" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}
