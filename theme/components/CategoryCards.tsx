/** The items of a category's page as cards: a page with its description, a sub-category with its size. */
import type { CategoryCard } from '../data.ts';
import { useRouteHref } from './DocSidebar.tsx';

export function CategoryCards(props: { cards: CategoryCard[] }) {
  const href = useRouteHref();
  return (
    <ul className="category-cards">
      {props.cards.map((card) => (
        <li key={card.route} className="card">
          <a className={`card__link card__link--${card.kind}`} href={href(card.route)}>
            <h2 className="card__title">{card.label}</h2>
            {card.description ? <p className="card__text">{card.description}</p> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
