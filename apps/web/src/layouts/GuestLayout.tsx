import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '../components/icons';
import { LanguageSwitcher, ThemeToggle } from '../components/preferences';
import { useT } from '../lib/i18n';

/** Header and page container around the sign-in related pages (screens and routes "Guest layout"). */
export function GuestLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="guest">
      <header className="guest-header">
        <Link href="~/auth/login" className="brand">
          <Logo />
          <span className="brand-name">{t('app.name')}</span>
          <span className="brand-tagline">{t('app.tagline')}</span>
        </Link>
        <div className="guest-tools">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="guest-main">{children}</main>
    </div>
  );
}
