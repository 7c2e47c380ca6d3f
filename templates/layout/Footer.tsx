import { useSite } from '../context.tsx';
import { ExternalIcon } from '../icons.tsx';
import { Link } from '../Link.tsx';
import type { NavLinkItem } from '../../renderer/shared/types.ts';

function FooterLink({ item }: { item: NavLinkItem }) {
  return (
    <Link href={item.href} className="footer__link-item" noPrefetch>
      {item.label}
      {item.external && <ExternalIcon />}
    </Link>
  );
}

export function Footer() {
  const { site, t } = useSite();
  const { footer } = site;
  return (
    <footer className={`theme-layout-footer footer footer--${footer.style}`} aria-label={t('theme.footer.ariaLabel')}>
      <div className="container">
        {footer.columns.length > 0 && (
          <div className="footer__links">
            {footer.columns.map((col) => (
              <div className="footer__col" key={col.title}>
                <h2 className="footer__title">{col.title}</h2>
                <ul className="footer__items">
                  {col.items.map((item) => (
                    <li key={item.href}>
                      <FooterLink item={item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {footer.links.length > 0 && (
          <ul className="footer__links footer__links--simple">
            {footer.links.map((item) => (
              <li key={item.href}>
                <FooterLink item={item} />
              </li>
            ))}
          </ul>
        )}
        <div className="footer__bottom">
          {footer.logo && (
            <img className="footer__logo" src={footer.logo.src} alt={footer.logo.alt} width={footer.logo.width} height={footer.logo.height} />
          )}
          <p className="footer__copyright">{footer.copyright}</p>
          {footer.lastUpdated && <p className="footer__updated">{footer.lastUpdated}</p>}
        </div>
      </div>
    </footer>
  );
}
