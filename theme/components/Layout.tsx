/** The page shell shared by every route: skip link, announcement bar, navbar, main, footer. */
import type { ReactNode } from 'react';
import type { SidebarItem } from '../data.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { Navbar } from './Navbar.tsx';
import { Footer } from './Footer.tsx';
import { BackToTop } from './BackToTop.tsx';

export function Layout(props: { sidebar: SidebarItem[] | undefined; children: ReactNode; noFooter?: boolean }) {
  return (
    <>
      <a className="skip-to-content" href="#main-content">
        Skip to main content
      </a>
      <AnnouncementBar />
      <Navbar sidebar={props.sidebar} />
      <div className="main-wrapper">{props.children}</div>
      {props.noFooter ? null : <Footer />}
      <BackToTop />
    </>
  );
}
