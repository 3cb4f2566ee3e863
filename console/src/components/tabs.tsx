/**
 * Tabs (WAI-ARIA tab pattern): a tablist whose buttons switch the visible panel; arrow keys,
 * Home and End move between tabs. Panels of hidden tabs are not rendered, so their forms keep
 * no stale state the caller does not hold.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useId, useRef } from 'preact/hooks';
import './tabs.css';
import './extras.css';

export interface TabDef {
  id: string;
  label: string;
}

export function Tabs(props: { label: string; tabs: readonly TabDef[]; current: string; onSelect(id: string): void; children: ComponentChildren }): JSX.Element {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKey = (event: KeyboardEvent) => {
    const index = props.tabs.findIndex((t) => t.id === props.current);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: props.tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = props.tabs[(moves[event.key] + props.tabs.length) % props.tabs.length];
    props.onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${base}-tab-${next.id}`)}`)?.focus();
  };
  return (
    <div class="tabs">
      <div role="tablist" aria-label={props.label} class="tablist" ref={list} onKeyDown={onKey}>
        {props.tabs.map((tab) => {
          const selected = tab.id === props.current;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => props.onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${props.current}`} class="tabpanel" tabIndex={0}>
        {props.children}
      </div>
    </div>
  );
}
