import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import { LightIcon } from '../../components/icons';
import { HomeLink, Logo } from '../../components/logo';
import { SocialIcon, type SocialIconName } from '../../components/social-icon';
import { clsx } from 'clsx';

const navLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900',
  );
}

function SiteNav({ label, className }: { label: string; className: string }) {
  return (
    <nav aria-label={label} className={className}>
      {navLinks.map((link) => (
        <NavLink key={link.to} to={link.to} className={navClass}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

function SignInLinks({ loginVariant }: { loginVariant: 'ghost' | 'secondary' }) {
  return (
    <>
      <ButtonLink to="/login" variant={loginVariant}>
        Login
      </ButtonLink>
      <ButtonLink to="/register">Get Started Free</ButtonLink>
    </>
  );
}

function PublicHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    // Close the phone menu after navigating.
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLink />
        <SiteNav label="Main" className="hidden items-center gap-1 md:flex" />
        <div className="hidden items-center gap-2 md:flex">
          <SignInLinks loginVariant="ghost" />
        </div>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="public-mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <LightIcon name={open ? 'x' : 'menu'} className="size-5" />
        </button>
      </div>
      {open && (
        <div
          id="public-mobile-menu"
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
        >
          <SiteNav label="Mobile" className="flex flex-col" />
          <div className="mt-3 grid grid-cols-2 gap-2">
            <SignInLinks loginVariant="secondary" />
          </div>
        </div>
      )}
    </header>
  );
}

const socials: [SocialIconName, string][] = [
  ['youtube', 'YouTube'],
  ['x', 'X (Twitter)'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['github', 'GitHub'],
];

function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:flex-row lg:items-start lg:justify-between lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-slate-600">
            One calm place for your ideas, scripts and collections — from first spark to publish.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/about" className="text-slate-600 hover:text-slate-900">
            About Us
          </Link>
          <Link to="/contact" className="text-slate-600 hover:text-slate-900">
            Contact Us
          </Link>
          <Link to="/privacy" className="text-slate-600 hover:text-slate-900">
            Privacy Policy
          </Link>
        </nav>
        <ul className="flex gap-2" aria-label="Social media">
          {socials.map(([name, label]) => (
            <li key={label}>
              {/* The spec's social icons have no target yet: they are placeholders. */}
              <a
                href="#"
                onClick={(event) => event.preventDefault()}
                aria-label={label}
                className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-800"
              >
                <SocialIcon name={name} className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-500 sm:px-6 lg:px-8">
          © {year} Creator Workspace. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
