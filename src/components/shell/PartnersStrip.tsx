import type { Partner } from '../../schemas/partner';

export function PartnersStrip({ partners }: { partners: Partner[] }) {
  return (
    <section className="partners" aria-label="Nos partenaires">
      <div className="container">
        <h2 className="partners__title">Nos partenaires</h2>
        <ul className="partners__list">
          {partners.map((p, i) => (
            <li key={`${p.title}-${i}`}>
              {p.link ? (
                <a href={p.link} target={p.target} rel={p.target === '_blank' ? 'noopener' : undefined} title={p.title}>
                  {p.illustration.src ? <img src={p.illustration.src} alt={p.illustration.alt || p.title} loading="lazy" height={56} width={140} /> : p.title}
                </a>
              ) : (
                <span>{p.title}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
