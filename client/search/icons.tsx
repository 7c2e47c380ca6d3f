// The search UI's small icons: decorative (aria-hidden); the controls carrying them have text labels.
const svg = { width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
const stroke = { stroke: 'currentColor', fill: 'none', strokeWidth: 1.4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const PageIcon = () => (
  <svg {...svg}>
    <path d="M5 2.5h6.5L15 6v11.5H5z M11.5 2.5V6H15 M7.5 10h5 M7.5 13h5" {...stroke} />
  </svg>
);

export const HashIcon = () => (
  <svg {...svg}>
    <path d="M8 3 6.5 17 M13.5 3 12 17 M4 7.5h12.5 M3.5 12.5H16" {...stroke} />
  </svg>
);

export const ClockIcon = () => (
  <svg {...svg}>
    <path d="M10 3.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13z M10 6.5V10l2.5 2" {...stroke} />
  </svg>
);

export const StarIcon = () => (
  <svg {...svg}>
    <path d="M10 3l2.2 4.5 4.8.7-3.5 3.4.8 4.9L10 14.2l-4.3 2.3.8-4.9L3 8.2l4.8-.7z" {...stroke} />
  </svg>
);

export const CloseIcon = () => (
  <svg {...svg}>
    <path d="M5 5l10 10 M15 5 5 15" {...stroke} />
  </svg>
);

export const EnterIcon = () => (
  <svg {...svg}>
    <path d="M15.5 4v5.5a2 2 0 0 1-2 2h-9 M8 8l-3.5 3.5L8 15" {...stroke} />
  </svg>
);

export const MagnifierIcon = () => (
  <svg {...svg}>
    <path d="M8.5 3a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11z M12.5 12.5 17 17" {...stroke} />
  </svg>
);

export const SpinnerIcon = () => (
  <svg {...svg} className="DocSearch-Spinner">
    <path d="M10 3a7 7 0 1 1-7 7" {...stroke} strokeWidth={2} />
  </svg>
);

export const ArrowUpIcon = () => (
  <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden focusable={false}>
    <path d="M6 10V2 M2.5 5.5 6 2l3.5 3.5" {...stroke} />
  </svg>
);

export const ArrowDownIcon = () => (
  <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden focusable={false}>
    <path d="M6 2v8 M2.5 6.5 6 10l3.5-3.5" {...stroke} />
  </svg>
);
