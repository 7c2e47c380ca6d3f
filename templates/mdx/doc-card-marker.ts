// The attribute `<DocCardList />` leaves for the build to fill. A module of its own, free of JSX: the route
// table looks for it in every page, and importing it from the component loaded React (react/jsx-runtime,
// ~15 ms) into builds that render nothing.
export const DOC_CARD_LIST_MARKER = 'data-doc-card-list';
