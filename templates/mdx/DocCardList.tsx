// `<DocCardList />`: the cards of the current category's docs. Which docs those are is known only once every
// page is processed, so this writes a marker that the build fills (renderer/content/mdx/doc-cards.ts).
import { DOC_CARD_LIST_MARKER } from './doc-card-marker.ts';

export default function DocCardList({ className }: { className?: string }) {
  return <section className={['row', 'doc-card-list', className].filter(Boolean).join(' ')} {...{ [DOC_CARD_LIST_MARKER]: '' }} />;
}
