// Closeable announcement bar. Dismissal is stored under Docusaurus' keys and holds until the id changes;
// the head script hides an already-dismissed bar before first paint, so nothing shifts.
import { useEffect, useState } from 'react';
import { useSite } from '../context.tsx';
import { CloseIcon } from '../icons.tsx';

export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

export function isAnnouncementDismissed(id: string): boolean {
  try {
    return localStorage.getItem(ANNOUNCEMENT_ID_KEY) === id && localStorage.getItem(ANNOUNCEMENT_DISMISS_KEY) === 'true';
  } catch {
    return false;
  }
}

export function AnnouncementBar() {
  const { site, t } = useSite();
  const bar = site.announcementBar;
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (bar && isAnnouncementDismissed(bar.id)) setClosed(true);
  }, [bar]);
  if (!bar || closed) return null;
  const close = () => {
    try {
      localStorage.setItem(ANNOUNCEMENT_ID_KEY, bar.id);
      localStorage.setItem(ANNOUNCEMENT_DISMISS_KEY, 'true');
    } catch {
      // Without storage the bar closes for this page view only.
    }
    document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
    setClosed(true);
  };
  return (
    <div className="theme-announcement-bar announcement-bar" role="banner" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="clean-btn announcement-bar__close" onClick={close} aria-label={t('theme.AnnouncementBar.closeButtonAriaLabel')} title={t('theme.AnnouncementBar.closeButtonAriaLabel')}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

export function announcementScript(id: string): string {
  return `(function(){try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_ID_KEY)})===${JSON.stringify(id)}&&localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISS_KEY)})==='true')document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','true');else localStorage.removeItem(${JSON.stringify(ANNOUNCEMENT_DISMISS_KEY)})}catch(e){}})();`;
}
