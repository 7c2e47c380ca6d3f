// The fixed top navbar, with its mobile sidebar (primary menu = navbar items, secondary menu = docs
// sidebar, and a back-to-main-menu button).
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { RouteData, SiteData } from '../../renderer/shared/types.ts';
import { useRoute, useRuntime, useSite } from '../context.tsx';
import { CloseIcon, MenuIcon } from '../icons.tsx';
import { Link } from '../Link.tsx';
import { ColorModeToggle } from '../layout/ColorModeToggle.tsx';
import { SidebarMenu, sidebarItems } from '../docs/SidebarMenu.tsx';
import { NavbarItem } from './NavbarItem.tsx';
import { useHideOnScroll } from './use-hide-on-scroll.ts';
import { useFocusTrap } from './use-focus-trap.ts';

/**
 * On the server: the inner markup of the navbar's right-hand side when a page with the same key was rendered
 * (templates/server.tsx). Not the whole navbar: React announces the logo's image in a preload link of its
 * own at the top of the page, which it cannot do for an image in markup it is handed.
 */
export const NavbarRightHtml = createContext<((site: SiteData, route: RouteData) => string | undefined) | null>(null);

export function Navbar() {
  const { site, t } = useSite();
  const route = useRoute();
  const runtime = useRuntime();
  const [mobileOpen, setMobileOpen] = useState(false);
  const hasSecondary = route.kind === 'doc' && Boolean(route.doc?.inSidebar);
  const [showSecondary, setShowSecondary] = useState(hasSecondary);
  const hidden = useHideOnScroll(site.navbar.hideOnScroll && !mobileOpen);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useFocusTrap(panel, mobileOpen, () => setMobileOpen(false), toggle);
  // Navigation closes the mobile menu.
  useEffect(() => setMobileOpen(false), [route.path]);
  useEffect(() => {
    document.body.classList.toggle('navbar-sidebar--open', mobileOpen);
  }, [mobileOpen]);
  // "Back to main menu" removes the focused button: focus moves to the main menu's first item.
  const backPressed = useRef(false);
  useEffect(() => {
    if (!backPressed.current) return;
    backPressed.current = false;
    panel.current?.querySelector<HTMLElement>('.menu--primary a, .menu--primary button')?.focus();
  }, [showSecondary]);
  const open = () => {
    setShowSecondary(hasSecondary);
    setMobileOpen(true);
  };
  const left = site.navbar.items.filter((i) => i.position === 'left');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  const logo = site.navbar.logo;
  const rightHtml = useContext(NavbarRightHtml)?.(site, route);
  return (
    <nav className={`theme-layout-navbar navbar navbar--fixed-top ${hidden ? 'navbar--hidden' : ''} ${mobileOpen ? 'navbar-sidebar--show' : ''}`} aria-label={t('theme.navbar.mainAriaLabel')}>
      <div className="navbar__inner">
        <div className="navbar__items">
          <button ref={toggle} type="button" className="clean-btn navbar__toggle" aria-label={t('theme.navbar.toggleMenuAriaLabel')} aria-expanded={mobileOpen} onClick={open}>
            <MenuIcon />
          </button>
          <Link href={site.homeHref} className="navbar__brand" noPrefetch>
            {/* The link's name is the title beside it: the logo is decoration. */}
            {logo && <img className="navbar__logo" src={logo.src} alt="" width={logo.width} height={logo.height} />}
            <b className="navbar__title">{site.navbar.title}</b>
          </Link>
          {left.map((item, i) => (
            <NavbarItem key={i} item={item} />
          ))}
        </div>
        {rightHtml !== undefined ? (
          <div className="navbar__items navbar__items--right" dangerouslySetInnerHTML={{ __html: rightHtml }} />
        ) : (
          <div className="navbar__items navbar__items--right">
            {right.map((item, i) => (
              <NavbarItem key={i} item={item} />
            ))}
            <ColorModeToggle />
          </div>
        )}
      </div>
      {runtime.hydrated && mobileOpen && (
        <>
          <div className="navbar-sidebar__backdrop" role="presentation" onClick={() => setMobileOpen(false)} />
          <div ref={panel} className="navbar-sidebar" role="dialog" aria-modal="true" aria-label={t('theme.navbar.mainAriaLabel')}>
            <div className="navbar-sidebar__brand">
              <Link href={site.homeHref} className="navbar__brand" noPrefetch>
                <b className="navbar__title">{site.navbar.title}</b>
              </Link>
              <ColorModeToggle />
              <button type="button" className="clean-btn navbar-sidebar__close" aria-label={t('theme.navbar.closeMenuAriaLabel')} onClick={() => setMobileOpen(false)}>
                <CloseIcon />
              </button>
            </div>
            <div className={`navbar-sidebar__items ${showSecondary ? 'navbar-sidebar__items--show-secondary' : ''}`}>
              {showSecondary ? (
                <div className="navbar-sidebar__item menu menu--secondary">
                  <button
                    type="button"
                    className="clean-btn navbar-sidebar__back"
                    onClick={() => {
                      backPressed.current = true;
                      setShowSecondary(false);
                    }}
                  >
                    {t('theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel')}
                  </button>
                  <SidebarMenu items={sidebarItems(site, route)} activePath={route.path} />
                </div>
              ) : (
                <div className="navbar-sidebar__item menu menu--primary">
                  <ul className="menu__list">
                    {site.navbar.items
                      .filter((i) => i.type !== 'search')
                      .map((item, i) => (
                        <li className="menu__list-item" key={i}>
                          <NavbarItem item={item} mobile />
                        </li>
                      ))}
                  </ul>
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </nav>
  );
}
