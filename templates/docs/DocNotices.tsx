// What a doc page says about itself, as Docusaurus's theme shows it: the unlisted banner and the "not
// translated yet" notice above the content, "Edit this page" and "Last updated" below it.
import type { ReactElement } from 'react';
import { dateFormat } from '../../renderer/shared/date-format.ts';
import type { DocData } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';

export function DocBanners({ doc }: { doc: DocData }) {
  const { t } = useSite();
  return (
    <>
      {doc.unlisted && (
        <div className="theme-admonition theme-admonition-caution admonition alert alert--warning theme-unlisted-banner" role="note">
          <div className="admonitionHeading">{t('theme.contentVisibility.unlistedBanner.title')}</div>
          <div className="admonitionContent">{t('theme.contentVisibility.unlistedBanner.message')}</div>
        </div>
      )}
      {doc.notTranslated && (
        <div className="theme-admonition theme-admonition-info admonition alert alert--info theme-doc-not-translated" role="note" lang={undefined}>
          <div className="admonitionHeading">{t('theme.docs.notTranslated.title')}</div>
          <div className="admonitionContent">{t('theme.docs.notTranslated.message')}</div>
        </div>
      )}
    </>
  );
}

export function DocEditMeta({ doc }: { doc: DocData }) {
  const { t, site } = useSite();
  if (!doc.editUrl && !doc.lastUpdate) return null;
  const { date, author } = doc.lastUpdate ?? {};
  const day = date ? dateFormat(site.locale.htmlLang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(date)) : undefined;
  const when = day && date ? <time dateTime={date}>{day}</time> : undefined;
  const who = author ? <b>{author}</b> : undefined;
  const key = when && who ? 'theme.lastUpdated.atDateByUser' : when ? 'theme.lastUpdated.atDate' : 'theme.lastUpdated.byUser';
  return (
    <div className="row margin-top--sm theme-doc-footer-edit-meta-row">
      <div className="col">
        {doc.editUrl && (
          <a href={doc.editUrl} target="_blank" rel="noopener noreferrer" className="theme-edit-this-page">
            {t('theme.common.editThisPage')}
          </a>
        )}
      </div>
      <div className="col lastUpdated">
        {(when || who) && (
          <span className="theme-last-updated">
            {interpolate(t(key), { date: when, user: who })}
          </span>
        )}
      </div>
    </div>
  );
}

/** Places elements where a translated sentence has `{date}` and `{user}`. */
function interpolate(text: string, values: Record<string, ReactElement | undefined>) {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const m = /^\{(\w+)\}$/.exec(part);
    return m && values[m[1]!] ? <span key={i}>{values[m[1]!]}</span> : part;
  });
}
