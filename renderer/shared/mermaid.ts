// Where the browser finds mermaid's entry module, below baseUrl: shipped by the build when a page has a
// diagram (renderer/bundle/mermaid.ts), loaded by client/mermaid.ts. A module of its own, so the browser's
// entry chunk does not share it with the lazily loaded diagram code.
export const MERMAID_ENTRY = 'assets/mermaid/mermaid.esm.min.mjs';
