import type { PageLink } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';
import { Link } from '../Link.tsx';

export function Paginator({ prev, next }: { prev?: PageLink; next?: PageLink }) {
  const { t } = useSite();
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={t('theme.docs.paginator.navAriaLabel')}>
      {prev ? (
        <Link href={prev.href} className="pagination-nav__link pagination-nav__link--prev" rel="prev">
          <span className="pagination-nav__sublabel">{t('theme.docs.paginator.previous')}</span>
          <span className="pagination-nav__label">{prev.label}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link href={next.href} className="pagination-nav__link pagination-nav__link--next" rel="next">
          <span className="pagination-nav__sublabel">{t('theme.docs.paginator.next')}</span>
          <span className="pagination-nav__label">{next.label}</span>
        </Link>
      )}
    </nav>
  );
}
