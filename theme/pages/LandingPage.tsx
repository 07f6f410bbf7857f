import type { LandingPageData } from '../data.ts';
import { openSearch } from '../client/search-launcher.ts';

/** The landing page at the base root: hero, cards to the main sections, then its markdown body. */
export function LandingPage(props: { page: LandingPageData }) {
  const landing = props.page.landing;
  return (
    <main id="main-content" tabIndex={-1} className="landing">
      <header className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{landing?.hero.title ?? props.page.title}</h1>
          {landing?.hero.tagline ? <p className="hero__tagline">{landing.hero.tagline}</p> : null}
          <div className="hero__actions">
            {(landing?.hero.actions ?? []).map((action) => (
              <a key={action.href} className={`button button--${action.variant}`} href={action.href}>
                {action.label}
              </a>
            ))}
            <button type="button" className="button button--secondary" onClick={() => openSearch()}>
              Search the docs
            </button>
          </div>
        </div>
      </header>
      {landing && landing.features.length > 0 ? (
        <section className="features" aria-label="Sections">
          <ul className="features__grid">
            {landing.features.map((feature) => (
              <li key={feature.href} className="card">
                <a className="card__link" href={feature.href}>
                  <h2 className="card__title">{feature.title}</h2>
                  <p className="card__text">{feature.description}</p>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {props.page.html ? <div className="markdown landing__body" data-page-html dangerouslySetInnerHTML={{ __html: props.page.html }} /> : null}
    </main>
  );
}
