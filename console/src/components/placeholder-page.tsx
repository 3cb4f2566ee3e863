/** A page of the navigation that is not built yet: says so, and points at the API meanwhile. */
import type { JSX } from 'preact';
import { Page } from './page';

export function PlaceholderPage(props: { title: string; api: string }): JSX.Element {
  return (
    <Page title={props.title}>
      <p>This page is not in the console yet. Until it is, use the API: {props.api}.</p>
    </Page>
  );
}
