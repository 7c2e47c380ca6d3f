// Small inline icons: no icon font, no extra request.
import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;
const base = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const SunIcon = (p: P) => (
  <svg {...base} {...p}><path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5a1 1 0 0 1 1 1v2a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1Zm0 17a1 1 0 0 1 1 1v1a1 1 0 1 1-2 0v-1a1 1 0 0 1 1-1ZM3 11h2a1 1 0 1 1 0 2H3a1 1 0 1 1 0-2Zm16 0h2a1 1 0 1 1 0 2h-2a1 1 0 1 1 0-2ZM5.6 4.2l1.4 1.4a1 1 0 0 1-1.4 1.4L4.2 5.6a1 1 0 0 1 1.4-1.4Zm12.8 12.8 1.4 1.4a1 1 0 0 1-1.4 1.4L17 18.4a1 1 0 0 1 1.4-1.4ZM19.8 5.6l-1.4 1.4A1 1 0 0 1 17 5.6l1.4-1.4a1 1 0 0 1 1.4 1.4ZM7 18.4l-1.4 1.4a1 1 0 0 1-1.4-1.4L5.6 17A1 1 0 0 1 7 18.4Z" /></svg>
);
export const MoonIcon = (p: P) => (
  <svg {...base} {...p}><path fill="currentColor" d="M9.4 2.2a1 1 0 0 1 .2 1.1A8 8 0 0 0 20.7 14.4a1 1 0 0 1 1.3 1.3A10 10 0 1 1 8.3 2a1 1 0 0 1 1.1.2Z" /></svg>
);
export const SystemIcon = (p: P) => (
  <svg {...base} {...p}><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-6v2h3a1 1 0 1 1 0 2H7a1 1 0 1 1 0-2h3v-2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v9h16V6H4Z" /></svg>
);
export const MenuIcon = (p: P) => (
  <svg {...base} width={28} height={28} {...p}><path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h16M4 12h16M4 17h16" /></svg>
);
export const CloseIcon = (p: P) => (
  <svg {...base} width={16} height={16} {...p}><path stroke="currentColor" strokeLinecap="round" strokeWidth="2.2" d="m5 5 14 14M19 5 5 19" /></svg>
);
export const HomeIcon = (p: P) => (
  <svg {...base} width={16} height={16} {...p}><path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0L2.97 11.13c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1Z" /></svg>
);
export const LanguageIcon = (p: P) => (
  <svg {...base} {...p}><path fill="currentColor" d="m12.87 15.07-2.54-2.51.03-.03A17.5 17.5 0 0 0 14.07 6H17V4h-7V2H8v2H1v2h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11.76-2.04ZM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2l-4.5-12Zm-2.62 7 1.62-4.33L19.12 17h-3.24Z" /></svg>
);
export const ExternalIcon = (p: P) => (
  <svg {...base} width={13} height={13} className="icon-external" {...p}><path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" /></svg>
);
export const SearchIcon = (p: P) => (
  <svg {...base} {...p}><path stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" d="m20 20-4.8-4.8M17 10.5a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0Z" /></svg>
);
export const ChevronIcon = (p: P) => (
  <svg {...base} width={14} height={14} {...p}><path stroke="currentColor" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" d="m9 6 6 6-6 6" /></svg>
);
