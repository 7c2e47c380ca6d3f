// An empty array for objects (strings, class instances) that the index build's compiled code meets again with
// each new analyser, table or locale. V8 gives an empty array literal elements of small integers, and the first
// push of an object changes its map: code compiled while one array had the objects' map then met a new,
// empty one ("wrong map", "not a Smi" on push) and was thrown away and compiled again.

/** An empty array whose elements are objects from the start (the map every such array has once filled). */
export function objectArray<T>(): T[] {
  const array: T[] = [undefined as T];
  array.pop();
  return array;
}
