import type { Partner } from '../../schemas/partner';
import { Island } from '../../ui/Island';
import { Shared } from '../../ui/shared-html.server';

/** The same on every page: rendered once per isolate and partners (ui/shared-html.server.tsx). */
export function PartnersStrip({ partners }: { partners: Partner[] }) {
  return (
    <Shared
      as="section"
      attrs={{ className: 'partners', 'aria-label': 'Nos partenaires' }}
      component={PartnersContent}
      props={{ partners }}
    />
  );
}

function PartnersContent({ partners }: { partners: Partner[] }) {
  return (
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
  );
}
