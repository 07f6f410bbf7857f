import { useSite } from '../context.tsx';

export function Footer() {
  const footer = useSite().footer;
  if (!footer) return null;
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__inner">
        {footer.columns.length > 0 ? (
          <div className="footer__columns">
            {footer.columns.map((column) => (
              <div className="footer__column" key={column.title}>
                <h2 className="footer__title">{column.title}</h2>
                <ul>
                  {column.items.map((item) => (
                    <li key={item.label}>
                      <a className="footer__link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        <div className="footer__bottom">
          {footer.logo ? (
            <a className="footer__logo" href={footer.logo.href}>
              <img src={footer.logo.src} alt={footer.logo.alt} width={footer.logo.width} height={footer.logo.height} />
            </a>
          ) : null}
          <p className="footer__copyright">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
