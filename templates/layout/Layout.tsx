import type { ReactNode } from 'react';
import { useSite } from '../context.tsx';
import { Navbar } from '../navbar/Navbar.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { Footer } from './Footer.tsx';

export const MAIN_ID = '__main';

export function Layout({ children, wrapperClass }: { children: ReactNode; wrapperClass?: string }) {
  const { t } = useSite();
  return (
    <>
      <a className="skip-to-content" href={`#${MAIN_ID}`}>
        {t('theme.common.skipToMainContent')}
      </a>
      <AnnouncementBar />
      <Navbar />
      <main id={MAIN_ID} className={`theme-layout-main main-wrapper ${wrapperClass ?? ''}`} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
