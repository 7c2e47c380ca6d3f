// Browser entry: reads the hydration payload, loads the custom page module if the route has one, and
// hydrates the server markup with the same components and data.
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import type { HydrationPayload } from '../renderer/shared/types.ts';
import { Root } from './Root.tsx';

export type PageModules = Record<string, () => Promise<{ default: ComponentType }>>;

const PAYLOAD_ID = '__CHEATSHEET_DATA__';
const ROOT_ID = '__cheatsheet';

export async function start(pages: PageModules): Promise<void> {
  const payloadNode = document.getElementById(PAYLOAD_ID);
  const container = document.getElementById(ROOT_ID);
  if (!payloadNode || !container) return;
  const payload = JSON.parse(payloadNode.textContent ?? '{}') as HydrationPayload;
  const route = payload.route;
  if (route.doc) route.doc = { ...route.doc, html: container.querySelector('[data-doc-content]')?.innerHTML ?? '' };
  const page = route.kind === 'home' && pages.home ? (await pages.home()).default : undefined;
  hydrateRoot(container, <Root site={payload.site} initialRoute={route} initialPage={page} pages={pages} />);
}
