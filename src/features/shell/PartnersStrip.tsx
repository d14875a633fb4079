import { Island } from '../../ui/Island';
import type { Partner } from '../../schemas/partner';

export function PartnersStrip({ partners }: { partners: Partner[] }) {
  return (
    <section className="partners" aria-label="Nos partenaires">
      <div className="container">
        <h2 className="partners__title">Nos partenaires</h2>
        <Island
          name="PartnersCarousel"
          props={{
            partners: partners.map((p) => ({
              title: p.title,
              src: p.illustration.src,
              alt: p.illustration.alt,
              link: p.link,
              target: p.target,
            })),
          }}
        />
      </div>
    </section>
  );
}
