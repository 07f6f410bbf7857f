import { describe, it, expect } from 'vitest';
import { localizedHref } from '../../theme/locale.ts';

const options = { baseUrl: '/suite-5.4.sp1/', defaultLocale: 'en' };

describe('locale links', () => {
  it('keep path, query and hash when switching locale', () => {
    const here = { pathname: '/suite-5.4.sp1/installations/network/', search: '?q=port', hash: '#ports-and-protocols' };
    expect(localizedHref(here, { ...options, currentLocale: 'en', targetLocale: 'de' })).toBe('/suite-5.4.sp1/de/installations/network/?q=port#ports-and-protocols');
    const german = { pathname: '/suite-5.4.sp1/de/installations/network/', search: '?q=port', hash: '#x' };
    expect(localizedHref(german, { ...options, currentLocale: 'de', targetLocale: 'en' })).toBe('/suite-5.4.sp1/installations/network/?q=port#x');
  });
});
