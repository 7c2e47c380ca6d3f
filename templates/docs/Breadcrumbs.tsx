import type { Crumb } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';
import { HomeIcon } from '../icons.tsx';
import { Link } from '../Link.tsx';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useSite();
  return (
    <nav className="theme-doc-breadcrumbs breadcrumbs-nav" aria-label={t('theme.docs.breadcrumbs.navAriaLabel')}>
      <ul className="breadcrumbs">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i} className={`breadcrumbs__item ${last ? 'breadcrumbs__item--active' : ''}`}>
              {i === 0 && crumb.href ? (
                <Link href={crumb.href} className="breadcrumbs__link" aria-label={crumb.label} noPrefetch>
                  <HomeIcon />
                </Link>
              ) : crumb.href && !last ? (
                <Link href={crumb.href} className="breadcrumbs__link" noPrefetch>
                  {crumb.label}
                </Link>
              ) : (
                <span className="breadcrumbs__link" aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
