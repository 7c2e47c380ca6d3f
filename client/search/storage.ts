// Recent and favorite searches in localStorage, under DocSearch's keys so returning visitors keep them.
// A stored value that is not a list of hits (corrupt, old, tampered) is ignored, never a crash; a browser
// without storage keeps them in memory for the page's life.
import { isStoredHit, toStoredHit, type StoredHit } from '../../renderer/shared/search-hit.ts';

export const RECENT_LIMIT = 7;
/** Fewer recents when favorites share the start screen. */
export const RECENT_LIMIT_WITH_FAVORITES = 4;
export const FAVORITE_LIMIT = 10;

export const recentKey = (indexName: string) => `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
export const favoriteKey = (indexName: string) => `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;

const memory = new Map<string, string>();

function read(key: string): StoredHit[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    raw = memory.get(key) ?? null;
  }
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isStoredHit).map(toStoredHit) : [];
  } catch {
    return [];
  }
}

function write(key: string, hits: StoredHit[]): void {
  const raw = JSON.stringify(hits);
  try {
    window.localStorage.setItem(key, raw);
  } catch {
    memory.set(key, raw);
  }
}

export interface SavedSearches {
  recent(): StoredHit[];
  favorites(): StoredHit[];
  isFavorite(hit: StoredHit): boolean;
  /** A selected hit: becomes the first recent search, unless it is a favorite. */
  addRecent(hit: StoredHit): void;
  removeRecent(hit: StoredHit): void;
  /** Promotes a recent search to the favorites. */
  addFavorite(hit: StoredHit): void;
  removeFavorite(hit: StoredHit): void;
}

export function savedSearches(indexName: string): SavedSearches {
  const rk = recentKey(indexName);
  const fk = favoriteKey(indexName);
  const favorites = () => read(fk).slice(0, FAVORITE_LIMIT);
  const recentLimit = () => (favorites().length > 0 ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT);
  const without = (list: StoredHit[], hit: StoredHit) => list.filter((h) => h.objectID !== hit.objectID);
  return {
    recent: () => read(rk).slice(0, recentLimit()),
    favorites,
    isFavorite: (hit) => favorites().some((h) => h.objectID === hit.objectID),
    addRecent(hit) {
      if (favorites().some((h) => h.objectID === hit.objectID)) return;
      write(rk, [toStoredHit(hit), ...without(read(rk), hit)].slice(0, recentLimit()));
    },
    removeRecent: (hit) => write(rk, without(read(rk), hit)),
    addFavorite(hit) {
      write(fk, [toStoredHit(hit), ...without(favorites(), hit)].slice(0, FAVORITE_LIMIT));
      // Older recents stay stored: they show again if the favorites are removed.
      write(rk, without(read(rk), hit));
    },
    removeFavorite: (hit) => write(fk, without(favorites(), hit)),
  };
}
